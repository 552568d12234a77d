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

  document.addEventListener('DOMContentLoaded', function () {
    trendChart();
    autoSubmit();
    if (window.studioLabel) { window.studioLabel(); }
  });
})();
