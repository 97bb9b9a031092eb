// Sphinx's own search (the built _static/searchtools.js) run outside a browser on a built searchindex.js:
// node search.js BUILD_DIR QUERY prints the results, best first, one JSON line each: [name, page#anchor, score, kind].
const fs = require("fs"), path = require("path"), vm = require("vm");
const [build, query] = process.argv.slice(2);
const ctx = {
  location: { search: "" },
  setTimeout: () => {},
  document: { getElementById: () => null, readyState: "loading", addEventListener: () => {},
              querySelectorAll: () => [] },
  localStorage: { setItem: () => {} },
  SPHINX_HIGHLIGHT_ENABLED: false,
  _: (s) => s,
  _ready: () => {},
  console,
};
ctx.window = ctx;
vm.createContext(ctx);
const load = (f) => vm.runInContext(fs.readFileSync(path.join(build, f), "utf8"), ctx, { filename: f });
for (const f of ["_static/documentation_options.js", "_static/language_data.js", "_static/searchtools.js"]) {
  if (fs.existsSync(path.join(build, f))) load(f);
}
vm.runInContext("this.Search = Search;", ctx);
load("searchindex.js");
const out = vm.runInContext(`Search._performSearch(...Search._parseQuery(${JSON.stringify(query)}))`, ctx);
for (const r of out.reverse()) console.log(JSON.stringify([r[1], r[0] + r[2], r[4], r[6]]));
