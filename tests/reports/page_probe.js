// Injected at the top of <head> of a copy of the report page by browser_check.py. It records every
// error event (uncaught exceptions, resources that fail to load: what Chromium logs as console
// errors) and every console.error call; after the load event it writes onto <body> what the page
// shows, as the browser rendered it: the images and which failed, the errors, the section ids and,
// as JSON in data-probe-report, the figures, tables, summary-grid chips and text a reader sees.
// Chromium's --dump-dom carries these attributes out; page_checks.py judges them.
(() => {
  const errors = [];
  window.addEventListener("error", (e) => {
    const t = e.target;
    errors.push(t && t !== window && (t.src || t.href) ? "failed to load " + (t.src || t.href) : String(e.message));
  }, true);
  const consoleError = console.error.bind(console);
  console.error = (...args) => { errors.push(args.map(String).join(" ")); consoleError(...args); };

  const squeeze = (node) => (node ? node.textContent.replace(/\s+/g, " ").trim() : "");
  const sectionOf = (node) => { const s = node.closest("section[id]"); return s ? s.id : ""; };
  // Where a text sits, for messages: the nearest element with an id and the element itself.
  const where = (node) => { const h = node.closest("[id]"); return (h ? "#" + h.id : "body") + " " + node.tagName.toLowerCase(); };

  const figures = () => Array.from(document.querySelectorAll("figure")).map((f) => {
    const img = f.querySelector("img");
    const data = Array.from(f.querySelectorAll("figcaption a[href]")).map((a) => a.getAttribute("href"))
      .find((href) => /\.json$/.test(href));
    return { id: f.id, section: sectionOf(f), src: img ? img.getAttribute("src") : null,
             loaded: Boolean(img && img.complete && img.naturalWidth > 0), data: data || null };
  });

  // Body rows of every table; the summary grid's family rows are headings, not rows.
  const bodyRows = (t) => Array.from(t.tBodies).flatMap((b) => Array.from(b.rows))
    .filter((r) => !r.classList.contains("family"));
  const tables = () => Array.from(document.querySelectorAll("table")).map((t) => {
    const details = t.closest("details");
    const caption = t.caption ? squeeze(t.caption) : (details ? squeeze(details.querySelector("summary")) : "");
    const rows = bodyRows(t);
    return { section: sectionOf(t), kind: t.className, caption,
             columns: Array.from(t.querySelectorAll("thead th")).map(squeeze),
             rows: rows.length, cells: rows.map((r) => r.cells.length) };
  });

  const grid = () => {
    const t = document.querySelector("#summary table.grid");
    if (!t || !t.tHead) return null;
    return {
      problems: Array.from(t.tHead.rows[0].cells).slice(1).map(squeeze),
      rows: bodyRows(t).map((r) => ({
        method: squeeze(r.cells[0]),
        cells: Array.from(r.cells).slice(1).map((c) => Array.from(c.querySelectorAll(".chip")).map((s) => ({
          verdict: Array.from(s.classList).filter((k) => k !== "chip").join(" "),
          title: s.getAttribute("title") || "" }))) })) };
  };

  const texts = () => {
    const out = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT, {
      acceptNode: (n) => (n.parentElement.closest("script, style") ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT) });
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (n.data.trim()) out.push([where(n.parentElement), n.data]);
    }
    // Hover texts and image descriptions are read too.
    for (const e of document.body.querySelectorAll("[title], [alt]")) {
      for (const name of ["title", "alt"]) {
        if (e.hasAttribute(name)) out.push([where(e) + " @" + name, e.getAttribute(name)]);
      }
    }
    return out;
  };

  window.addEventListener("load", () => {
    const images = Array.from(document.images);
    const broken = images.filter((i) => !(i.complete && i.naturalWidth > 0)).map((i) => i.getAttribute("src"));
    const body = document.body.dataset;
    body.probeImages = String(images.length);
    body.probeBroken = broken.join(" ");
    body.probeErrors = errors.join(" | ");
    body.probeSections = Array.from(document.querySelectorAll("section[id]")).map((s) => s.id).join(" ");
    body.probeReport = JSON.stringify({ figures: figures(), tables: tables(), grid: grid(), texts: texts() });
    body.probeDone = "yes";
  });
})();
