// <time datetime="…ISO…" data-local-time>: the server knows at most the reader's UTC offset
// (time-zone.js), and a first visit not even that; the browser shows its own local time instead,
// written as the history list writes it (toLocaleString()), so one moment reads the same on
// every page.
export function initLocalTimes(root = document) {
  for (const time of root.querySelectorAll("time[data-local-time]")) {
    const moment = new Date(time.dateTime);
    if (Number.isNaN(moment.getTime())) continue; // keep the server's text
    time.textContent = moment.toLocaleString();
  }
}
