/// The review page's HTML: one self-contained file (no network, no CDN) that shows the data of
/// `report.js`, written beside it.
enum ReviewPage {
  static let html = #"""
    <!DOCTYPE html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Buttonsmith review</title>
    <style>
      body { font: 14px -apple-system, "DejaVu Sans", sans-serif; margin: 0; color: #1c1c1e; background: #f2f2f7; }
      header { position: sticky; top: 0; background: #fff; padding: 12px 16px; border-bottom: 1px solid #d1d1d6; z-index: 1; }
      h1 { font-size: 18px; margin: 0 0 6px; }
      #summary { color: #3a3a3c; margin-bottom: 8px; }
      .controls { display: flex; flex-wrap: wrap; gap: 12px; align-items: center; }
      table { border-collapse: collapse; margin: 12px 16px; }
      th, td { padding: 6px 8px; vertical-align: top; text-align: left; }
      th { font-weight: 600; color: #3a3a3c; }
      td.name { font-weight: 600; white-space: nowrap; }
      .cells { white-space: nowrap; }
      .cell { display: inline-block; margin-right: 6px; vertical-align: top; }
      .frame { position: relative; display: inline-block; line-height: 0; border: 1px solid #d1d1d6; }
      .frame img { display: block; max-width: 360px; height: auto; }
      .frame img.mask { position: absolute; left: 0; top: 0; opacity: 0.55; mix-blend-mode: multiply; display: none; }
      body.masks .frame img.mask { display: block; }
      .caption { font-size: 11px; color: #636366; margin-top: 2px; }
      .badge { font-size: 11px; font-weight: 600; padding: 1px 5px; border-radius: 4px; color: #fff; }
      .changed { background: #ff9500; } .added { background: #34c759; } .removed { background: #ff3b30; }
      body.checker .frame { background: repeating-conic-gradient(#d1d1d6 0% 25%, #fff 0% 50%) 0 0 / 16px 16px; }
      body.light .frame { background: #fff; }
      body.dark .frame { background: #1c1c1e; }
    </style>
    </head>
    <body class="checker">
    <header>
      <h1 id="title">Buttonsmith review</h1>
      <div id="summary"></div>
      <div class="controls">
        <input id="filter" type="search" placeholder="Filter buttons">
        <label>Scale <select id="scale"></select></label>
        <label>Appearance <select id="appearance"></select></label>
        <label id="frameLabel">Frame <select id="frame"></select></label>
        <label id="localeLabel">Language <select id="locale"></select></label>
        <label>Backdrop <select id="backdrop"><option>checker</option><option>light</option><option>dark</option></select></label>
        <label><input id="masks" type="checkbox"> Hit masks</label>
        <label id="changesLabel"><input id="changes" type="checkbox"> Changes only</label>
      </div>
    </header>
    <table><thead><tr id="head"></tr></thead><tbody id="rows"></tbody></table>
    <script src="report.js"></script>
    <script>
    (function () {
      const data = window.BUTTONSMITH_REPORT;
      const states = ["normal", "highlighted", "disabled", "selected", "loading", "focused"];
      const $ = (id) => document.getElementById(id);
      const unique = (key) => [...new Set(data.images.map((image) => image[key]))];
      function fill(select, values, label) {
        select.innerHTML = "";
        for (const value of values) {
          const option = document.createElement("option");
          option.value = value === null || value === undefined ? "" : String(value);
          option.textContent = label ? label(value) : option.value;
          select.appendChild(option);
        }
      }
      $("title").textContent = "Buttonsmith review: " + data.version +
        (data.compared_with ? " compared with " + data.compared_with : "");
      $("summary").textContent = data.compared_with
        ? `${data.changed} changed, ${data.added} added, ${data.removed} removed, ${data.unchanged} unchanged`
        : `${data.images.length} images`;
      const scales = unique("scale").sort((a, b) => a - b);
      fill($("scale"), scales, (scale) => "@" + scale + "x");
      $("scale").value = String(scales.includes(2) ? 2 : scales[0]);
      fill($("appearance"), unique("appearance"));
      const frames = unique("frame").filter((frame) => frame !== null && frame !== undefined).sort((a, b) => a - b);
      fill($("frame"), frames);
      if (frames.length === 0) $("frameLabel").style.display = "none";
      const locales = unique("locale").filter((locale) => locale);
      fill($("locale"), locales);
      if (locales.length === 0) $("localeLabel").style.display = "none";
      if (!data.compared_with) $("changesLabel").style.display = "none";
      // The page opens where the changes are: on the scale, appearance, frame and language of
      // a changed image (at 2x when one is), not on the first of each in sort order.
      const changes = data.images.filter((image) => image.status !== "unchanged");
      const opening = changes.find((image) => String(image.scale) === $("scale").value) || changes[0];
      if (opening) {
        $("scale").value = String(opening.scale);
        $("appearance").value = opening.appearance;
        if (opening.frame !== null && opening.frame !== undefined) $("frame").value = String(opening.frame);
        if (opening.locale) $("locale").value = opening.locale;
      }
      const shown = states.filter((state) => data.images.some((image) => image.state === state));
      $("head").innerHTML = "<th>Button</th>" + shown.map((state) => `<th>${state}</th>`).join("");
      const rank = { changed: 0, added: 1, removed: 2, unchanged: 3 };
      const escape = (text) => String(text).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
      function frame(src, image, mask, width) {
        if (!src) return "";
        const overlay = mask ? `<img class="mask" loading="lazy" src="${escape(mask)}" alt="">` : "";
        return `<div class="frame"><img loading="lazy" src="${escape(src)}" width="${(width || image.width) / image.scale}" alt="${escape(image.path)}" onload="this.dataset.loaded = 1" onerror="this.dataset.broken = 1">${overlay}</div>`;
      }
      function cell(image) {
        if (!image) return "<td></td>";
        const badge = image.status === "unchanged" ? "" : `<span class="badge ${image.status}">${image.status}${image.pixels ? " · " + image.pixels + " px" : ""}</span>`;
        const parts = image.mask_changed
          ? [["old hit mask", image.old_hit_mask], ["new hit mask", image.hit_mask], ["difference", image.diff_src]]
          : image.status === "changed"
          ? [["old", image.old_src], ["new", image.src], ["difference", image.diff_src]]
          : [["", image.src || image.old_src]];
        const body = parts.map(([label, src]) =>
          `<div class="cell">${frame(src, image, label === "difference" || image.mask_changed ? null : image.hit_mask, label === "old" ? image.old_width : label === "difference" ? Math.max(image.width, image.old_width || 0) : null)}${label ? `<div class="caption">${label}</div>` : ""}</div>`).join("");
        const resized = image.old_width && (image.old_width !== image.width || image.old_height !== image.height)
          ? `${image.old_width}×${image.old_height} → ` : "";
        const caption = `${resized}${image.width}×${image.height} px · ${image.bytes} bytes`;
        return `<td title="key ${escape(image.key)}\n${escape(image.source)}">${badge}<div class="cells">${body}</div><div class="caption">${caption}</div></td>`;
      }
      function render() {
        const filter = $("filter").value.toLowerCase();
        const scale = Number($("scale").value);
        const appearance = $("appearance").value;
        const locale = $("locale").value;
        const changesOnly = $("changes").checked;
        const shownFrame = Number($("frame").value);
        const rows = new Map();
        for (const image of data.images) {
          if (image.scale !== scale || image.appearance !== appearance) continue;
          if (image.frame !== null && image.frame !== undefined && image.frame !== shownFrame) continue;
          if (image.locale && locales.length && image.locale !== locale) continue;
          if (filter && !image.button.toLowerCase().includes(filter)) continue;
          if (changesOnly && image.status === "unchanged") continue;
          if (!rows.has(image.button)) rows.set(image.button, {});
          // A removed image never hides the image that took its place.
          const row = rows.get(image.button);
          if (!row[image.state] || image.status !== "removed") row[image.state] = image;
        }
        const ordered = [...rows.entries()].sort((a, b) => {
          const ra = Math.min(...Object.values(a[1]).map((image) => rank[image.status]));
          const rb = Math.min(...Object.values(b[1]).map((image) => rank[image.status]));
          return ra - rb || a[0].localeCompare(b[0]);
        });
        $("rows").innerHTML = ordered.map(([button, cells]) =>
          `<tr><td class="name">${escape(button)}</td>${shown.map((state) => cell(cells[state])).join("")}</tr>`).join("");
      }
      for (const id of ["filter", "scale", "appearance", "frame", "locale", "changes"]) $(id).addEventListener("input", render);
      $("backdrop").addEventListener("input", () => { document.body.classList.remove("checker", "light", "dark"); document.body.classList.add($("backdrop").value); });
      $("masks").addEventListener("input", () => document.body.classList.toggle("masks", $("masks").checked));
      // A link may carry a filter: index.html#filter=checkout.
      const hash = new URLSearchParams(location.hash.slice(1));
      if (hash.get("filter")) $("filter").value = hash.get("filter");
      render();
    })();
    </script>
    </body>
    </html>

    """#
}
