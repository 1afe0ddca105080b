// tilec serve: reloads the page when the site is rebuilt. The server sends
// the site's generation on connecting and after every build; a page reloads
// when it differs from the one it was served with. Reconnects after the
// server restarts.
(() => {
  const script = document.currentScript;
  const served = script.dataset.generation;
  const state = document.getElementById("tilec-state");
  let wait = 200;
  function connect() {
    const ws = new WebSocket(`ws://${location.host}/__tilec/live`);
    ws.onopen = () => {
      wait = 200;
      if (state) state.textContent = "live";
    };
    ws.onmessage = (e) => {
      if (e.data !== served) location.reload();
    };
    ws.onclose = () => {
      if (state) state.textContent = "reconnecting";
      setTimeout(connect, wait);
      wait = Math.min(wait * 2, 5000);
    };
  }
  connect();
  const hide = document.getElementById("tilec-hide");
  if (hide) hide.onclick = () => document.getElementById("tilec-overlay").remove();
})();
