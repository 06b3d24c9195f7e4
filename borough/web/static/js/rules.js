// A game's rules page, from the game's RULES.md.
import { api, el, header, fillRulesLinks, notice } from "./api.js";
import { render } from "./markdown.js";

const app = document.getElementById("app");
document.getElementById("top").replaceWith(header("Rules"));
fillRulesLinks();

const game = decodeURIComponent(window.location.pathname.split("/").filter(Boolean)[1] || "");

api(`/api/rules/${encodeURIComponent(game)}`)
  .then((rules) => {
    document.title = `Borough — ${rules.title} rules`;
    const body = render(rules.markdown);
    body.classList.add("rules");
    body.id = "rules";
    app.replaceChildren(
      el("p", {}, el("a", { href: "/" }, "← Lobby: play " + rules.title)),
      el("article", { class: "panel rules" }, body),
    );
    if (window.location.hash) {
      const target = document.getElementById(window.location.hash.slice(1));
      if (target) target.scrollIntoView();
    }
  })
  .catch((err) => notice(app, `No rules to show: ${err.message}`));
