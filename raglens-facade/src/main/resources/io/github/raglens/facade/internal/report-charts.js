(function () {
  var data = JSON.parse(document.getElementById('report-data').textContent);
  var colors = ['#2f6fde', '#e4572e', '#17a398', '#f3a712', '#8e44ad', '#5d6d7e', '#c0392b', '#27ae60'];
  var rendered = 0;
  Chart.defaults.animation = false;
  Chart.defaults.font.family = 'system-ui, sans-serif';

  function draw(id, config) {
    var canvas = document.getElementById(id);
    if (!canvas) { return; }
    new Chart(canvas, config);
    rendered++;
  }

  var retrievers = data.retrievers;
  if (retrievers.length > 0) {
    var ks = Object.keys(retrievers[0].hitAtK).map(Number).sort(function (a, b) { return a - b; });
    draw('chart-hitk', {
      type: 'line',
      data: {
        labels: ks.map(function (k) { return 'K=' + k; }),
        datasets: retrievers.map(function (r, i) {
          return { label: r.name, data: ks.map(function (k) { return r.hitAtK[k]; }),
                   borderColor: colors[i % colors.length], backgroundColor: colors[i % colors.length], tension: 0.2 };
        })
      },
      options: { scales: { y: { min: 0, max: 1, title: { display: true, text: 'hit rate' } } } }
    });
    var percentiles = ['p50', 'p95', 'p99'];
    draw('chart-latency', {
      type: 'bar',
      data: {
        labels: retrievers.map(function (r) { return r.name; }),
        datasets: percentiles.map(function (p, i) {
          return { label: p, data: retrievers.map(function (r) { return r.latency[p]; }),
                   backgroundColor: colors[i % colors.length] };
        })
      },
      options: { scales: { y: { beginAtZero: true, title: { display: true, text: 'ms' } } } }
    });
  }

  if (data.judge.length > 0) {
    var metrics = [];
    var names = [];
    data.judge.forEach(function (j) {
      if (metrics.indexOf(j.metric) < 0) { metrics.push(j.metric); }
      if (names.indexOf(j.retriever) < 0) { names.push(j.retriever); }
    });
    draw('chart-judge', {
      type: 'bar',
      data: {
        labels: metrics,
        datasets: names.map(function (name, i) {
          return { label: name, backgroundColor: colors[i % colors.length],
                   data: metrics.map(function (m) {
                     var row = data.judge.find(function (j) { return j.retriever === name && j.metric === m; });
                     return row ? row.mean : null;
                   }) };
        })
      },
      options: { scales: { y: { min: 0, max: 1 } } }
    });
  }
  document.documentElement.setAttribute('data-charts-rendered', String(rendered));
})();
