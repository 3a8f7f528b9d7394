// Notes the page's long tasks, each as [start, duration] in ms
// (bench/served_start.py).
(() => {
  'use strict';
  const tasks = [];
  window.__benchLongTasks = tasks;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      tasks.push([entry.startTime, entry.duration]);
    }
  }).observe({type: 'longtask', buffered: true});
})();
