// The studio's pages: the trend chart, and the pickers that reload on change. Plain script, no build step.
(function () {
  'use strict';

  var COLORS = ['#2456a6', '#c0392b', '#1e7d32', '#8e44ad', '#d35400', '#16a085', '#7f8c8d', '#b7950b', '#2c3e50'];

  function trendChart() {
    var node = document.getElementById('trend-data');
    var canvas = document.getElementById('trend-chart');
    if (!node || !canvas || typeof Chart === 'undefined') {
      return;
    }
    var trend = JSON.parse(node.textContent);
    var breakBefore = {};
    trend.breaks.forEach(function (b) { breakBefore[b.index] = b.reasons; });
    var datasets = trend.series.map(function (s, i) {
      var color = COLORS[i % COLORS.length];
      return {
        label: s.system,
        data: s.points.map(function (p) { return p === null ? null : p.mean; }),
        intervals: s.points.map(function (p) { return p === null ? null : [p.lower, p.upper]; }),
        borderColor: color,
        backgroundColor: color,
        spanGaps: false,
        pointRadius: 4,
        segment: {
          // a changed question set, relevance mode or metric version is never joined by a line
          borderColor: function (ctx) { return breakBefore[ctx.p1DataIndex] ? 'transparent' : undefined; }
        }
      };
    });
    var intervals = {
      id: 'intervals',
      afterDatasetsDraw: function (chart) {
        var g = chart.ctx;
        var y = chart.scales.y;
        chart.data.datasets.forEach(function (ds, i) {
          var meta = chart.getDatasetMeta(i);
          if (meta.hidden) { return; }
          meta.data.forEach(function (pt, j) {
            var ci = ds.intervals[j];
            if (!ci) { return; }
            g.save();
            g.strokeStyle = ds.borderColor;
            g.lineWidth = 1.5;
            g.beginPath();
            g.moveTo(pt.x, y.getPixelForValue(ci[0]));
            g.lineTo(pt.x, y.getPixelForValue(ci[1]));
            g.moveTo(pt.x - 4, y.getPixelForValue(ci[0]));
            g.lineTo(pt.x + 4, y.getPixelForValue(ci[0]));
            g.moveTo(pt.x - 4, y.getPixelForValue(ci[1]));
            g.lineTo(pt.x + 4, y.getPixelForValue(ci[1]));
            g.stroke();
            g.restore();
          });
        });
      }
    };
    var breaks = {
      id: 'breaks',
      afterDraw: function (chart) {
        var g = chart.ctx;
        var x = chart.scales.x;
        var area = chart.chartArea;
        trend.breaks.forEach(function (b) {
          var at = (x.getPixelForValue(b.index - 1) + x.getPixelForValue(b.index)) / 2;
          g.save();
          g.strokeStyle = '#b3261e';
          g.setLineDash([5, 4]);
          g.beginPath();
          g.moveTo(at, area.top);
          g.lineTo(at, area.bottom);
          g.stroke();
          g.fillStyle = '#b3261e';
          g.font = '11px sans-serif';
          g.fillText(b.reasons[0], at + 4, area.top + 12);
          g.restore();
        });
      }
    };
    var chart = new Chart(canvas, {
      type: 'line',
      data: { labels: trend.runs.map(function (r) { return 'run ' + r; }), datasets: datasets },
      options: {
        animation: false,
        responsive: true,
        scales: { y: { title: { display: true, text: trend.metric } } },
        plugins: { legend: { position: 'bottom' } }
      },
      plugins: [intervals, breaks]
    });
    window.studioTrend = { trend: trend, chart: chart };
    document.body.setAttribute('data-charts-rendered', '1');
  }

  function autoSubmit() {
    document.querySelectorAll('form.pick select').forEach(function (select) {
      select.addEventListener('change', function () { select.form.submit(); });
    });
  }


  // Labelling: answer each item of the cell with the keyboard; the label is saved when every item has
  // its answer, then the next drawn cell loads. u (or Backspace) takes back the last answer, or with
  // none given reopens the cell labelled before, whose new label replaces the old.
  function labelling() {
    var cell = document.getElementById('cell');
    if (!cell) {
      return;
    }
    var items = Array.prototype.slice.call(document.querySelectorAll('#items li'));
    var top = Number(cell.getAttribute('data-top'));
    var status = document.getElementById('status');
    var labeller = document.getElementById('labeller');
    var secret = document.querySelector('meta[name="studio-secret"]').getAttribute('content');
    var answers = [];
    var saving = false;
    labeller.value = localStorage.getItem('raglens-labeller') || '';
    labeller.addEventListener('input', function () { localStorage.setItem('raglens-labeller', labeller.value); });

    function mark() {
      items.forEach(function (li, i) {
        li.classList.toggle('current', i === answers.length);
        li.classList.remove('yes', 'no');
        li.removeAttribute('data-grade');
        if (i < answers.length) {
          if (top === 1) {
            li.classList.add(answers[i] === 1 ? 'yes' : 'no');
          } else {
            li.setAttribute('data-grade', String(answers[i]));
          }
        }
      });
      document.body.setAttribute('data-answered', String(answers.length));
    }

    function valueOf(key) {
      if (top === 1) {
        return { y: 1, n: 0, '1': 1, '0': 0 }[key];
      }
      return /^[0-9]$/.test(key) && Number(key) <= top ? Number(key) : undefined;
    }

    function save() {
      saving = true;
      status.textContent = 'saving…';
      var params = new URLSearchParams(location.search);
      var body = {
        metric: cell.getAttribute('data-metric'),
        retriever: cell.getAttribute('data-retriever'),
        questionId: cell.getAttribute('data-question'),
        passage: cell.getAttribute('data-passage') || '',
        design: params.get('design') || document.getElementById('design').value,
        labeller: labeller.value,
        answers: answers
      };
      fetch('/api/labels', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Studio-Secret': secret },
        body: JSON.stringify(body)
      }).then(function (r) {
        if (!r.ok) {
          return r.text().then(function (t) { throw new Error(t); });
        }
        sessionStorage.setItem('raglens-previous', JSON.stringify(body));
        var next = new URLSearchParams({ metric: body.metric, design: body.design });
        location.href = '/label?' + next.toString();
      }).catch(function (e) {
        saving = false;
        status.textContent = 'not saved: ' + e.message;
        answers.pop();
        mark();
        if (!labeller.value) {
          labeller.focus();
        }
      });
    }

    function reopenPrevious() {
      var previous = JSON.parse(sessionStorage.getItem('raglens-previous') || 'null');
      if (!previous) {
        status.textContent = 'nothing to undo';
        return;
      }
      sessionStorage.removeItem('raglens-previous');
      location.href = '/label?' + new URLSearchParams({
        metric: previous.metric, design: previous.design, system: previous.retriever, question: previous.questionId,
        passage: previous.passage || ''
      }).toString();
    }

    document.addEventListener('keydown', function (e) {
      var tag = e.target.tagName;
      if (saving || tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA' || e.ctrlKey || e.metaKey || e.altKey) {
        return;
      }
      var key = e.key.toLowerCase();
      var value = valueOf(key);
      if (value !== undefined && answers.length < items.length) {
        e.preventDefault();
        answers.push(value);
        mark();
        if (answers.length === items.length) {
          save();
        }
      } else if (key === 'u' || key === 'backspace') {
        e.preventDefault();
        if (answers.length > 0) {
          answers.pop();
          mark();
        } else {
          reopenPrevious();
        }
      }
    });
    mark();
    document.body.setAttribute('data-labelling', 'ready');
  }

  document.addEventListener('DOMContentLoaded', function () {
    trendChart();
    autoSubmit();
    labelling();
  });
})();
