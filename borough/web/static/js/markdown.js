// A small Markdown reader for the rules pages: headings, paragraphs, lists,
// tables, emphasis and code, built as DOM nodes (never as HTML strings).
import { el } from "./api.js";

function inline(text) {
  const out = [];
  const pattern = /(\*\*[^*]+\*\*|\*[^*]+\*|`[^`]+`|\[[^\]]+\]\([^)]+\))/g;
  let last = 0;
  for (const m of text.matchAll(pattern)) {
    if (m.index > last) out.push(text.slice(last, m.index));
    const t = m[0];
    if (t.startsWith("**")) {
      const inner = t.slice(2, -2);
      const id = /^[A-Z]+-[A-Z0-9-]+$/.test(inner) ? inner : null;
      out.push(el("strong", { id }, inner));
    } else if (t.startsWith("`")) out.push(el("code", {}, t.slice(1, -1)));
    else if (t.startsWith("[")) {
      const [, label, href] = t.match(/\[([^\]]+)\]\(([^)]+)\)/);
      out.push(
        href.startsWith("http") || href.startsWith("#") || href.startsWith("/")
          ? el("a", { href }, label)
          : label,
      );
    } else out.push(el("em", {}, t.slice(1, -1)));
    last = m.index + t.length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

export function render(markdown) {
  const root = el("div");
  const lines = markdown.replace(/\r/g, "").split("\n");
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (!line.trim()) {
      i++;
      continue;
    }
    const heading = line.match(/^(#{1,6})\s+(.*)$/);
    if (heading) {
      root.append(el(`h${Math.min(heading[1].length, 4)}`, {}, inline(heading[2])));
      i++;
      continue;
    }
    if (/^\s*\|/.test(line)) {
      const rows = [];
      while (i < lines.length && /^\s*\|/.test(lines[i])) rows.push(lines[i++]);
      const cells = (r) =>
        r
          .trim()
          .replace(/^\||\|$/g, "")
          .split("|")
          .map((c) => c.trim());
      const body = rows.filter((r) => !/^\s*\|[\s:|-]+\|\s*$/.test(r));
      const [head, ...rest] = body;
      // a wide table scrolls inside its own box, never the page
      root.append(
        el(
          "div",
          { class: "wide" },
          el(
            "table",
            {},
            el(
              "thead",
              {},
              el(
                "tr",
                {},
                cells(head).map((c) => el("th", {}, inline(c))),
              ),
            ),
            el(
              "tbody",
              {},
              rest.map((r) =>
                el(
                  "tr",
                  {},
                  cells(r).map((c) => el("td", {}, inline(c))),
                ),
              ),
            ),
          ),
        ),
      );
      continue;
    }
    const bullet = /^(\s*)([-*]|\d+\.)\s+/;
    if (bullet.test(line)) {
      const ordered = /^\s*\d+\./.test(line);
      const list = el(ordered ? "ol" : "ul");
      while (i < lines.length && lines[i].trim()) {
        if (bullet.test(lines[i])) {
          list.append(el("li", {}, inline(lines[i].replace(bullet, ""))));
        } else if (list.lastChild) {
          list.lastChild.append(" ", ...inline(lines[i].trim()));
        }
        i++;
      }
      root.append(list);
      continue;
    }
    if (line.startsWith("```")) {
      const code = [];
      i++;
      while (i < lines.length && !lines[i].startsWith("```")) code.push(lines[i++]);
      i++;
      root.append(el("pre", {}, el("code", {}, code.join("\n"))));
      continue;
    }
    // The first line always belongs to the paragraph (it matched no block above,
    // e.g. "#12 ..."), so every pass moves on.
    const para = [lines[i++].trim()];
    while (
      i < lines.length &&
      lines[i].trim() &&
      !/^(#|\s*\||\s*[-*]\s|\s*\d+\.\s|```)/.test(lines[i])
    )
      para.push(lines[i++].trim());
    if (line.startsWith(">")) {
      root.append(el("blockquote", {}, inline(para.join(" ").replace(/^>\s?/, ""))));
    } else {
      root.append(el("p", {}, inline(para.join(" "))));
    }
  }
  return root;
}
