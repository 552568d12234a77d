(function () {
  // Records script errors and CSP violations on the page, so that a headless check can read them.
  var errors = [];
  function record(message) {
    errors.push(message);
    document.documentElement.setAttribute('data-errors', errors.join(' | '));
  }
  window.addEventListener('error', function (e) { record('error: ' + e.message); });
  document.addEventListener('securitypolicyviolation', function (e) {
    record('csp: ' + e.violatedDirective + ' ' + e.blockedURI);
  });
})();
