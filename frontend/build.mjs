// Builds the islands (React, ESM, code-split so React ships once), the small vanilla
// scripts public pages use, and the Tailwind stylesheet, into ../static/dist.
import { execFileSync } from "node:child_process";
import { readdirSync, mkdirSync, copyFileSync, existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";

const here = dirname(fileURLToPath(import.meta.url));
const out = join(here, "..", "static", "dist");
const entries = (dir, exts) =>
  readdirSync(join(here, dir))
    .filter((f) => exts.some((e) => f.endsWith(e)) && !f.includes(".test."))
    .map((f) => join(here, dir, f));

// No clean step: several builds may run at once while a test server reads these files.
mkdirSync(join(out, "js"), { recursive: true });

const common = {
  bundle: true,
  minify: true,
  legalComments: "none",
  target: ["es2022"],
  define: { "process.env.NODE_ENV": '"production"' },
  logLevel: "warning",
};

// esbuild puts a module in the chunk of the entry points (islands, and each on-demand import())
// that reach it. An on-demand view uses `react` but not `react-dom/client`, so React would be
// cut into several chunks. Routing our own React imports through a module that reaches all of
// React keeps it in one shared chunk, cached once for every page.
const oneReactChunk = {
  name: "one-react-chunk",
  setup(build) {
    build.onResolve({ filter: /^react(-dom)?(\/jsx-runtime|\/client)?$/ }, (args) => {
      if (args.namespace === "whole-react" || args.importer.includes("node_modules")) return undefined;
      return { path: args.path, namespace: "whole-react" };
    });
    build.onLoad({ filter: /.*/, namespace: "whole-react" }, (args) => ({
      contents: `export * from "${args.path}"; import "react-dom/client";`,
      resolveDir: here,
    }));
  },
};

const [islands] = await Promise.all([
  // Islands and site scripts share chunks (React lives in one of them).
  esbuild.build({
    ...common,
    plugins: [oneReactChunk],
    entryPoints: [...entries("islands", [".jsx", ".js"]), ...["site.js", "profile.js", "plans.js"].map((name) => join(here, "site", name))],
    outdir: join(out, "js"),
    format: "esm",
    splitting: true,
    jsx: "automatic",
    entryNames: "[name]",
    chunkNames: "chunks/[name]-[hash]",
    metafile: true,
  }),
  // Runs before first paint, so it is a classic (blocking) script, not a module.
  esbuild.build({
    ...common,
    entryPoints: [join(here, "site", "theme-init.js")],
    outfile: join(out, "js", "theme-init.js"),
    format: "iife",
  }),
]);

// Which modules each island's output holds, for keeping pages within their JS budget (open it in
// https://esbuild.github.io/analyze/). Kept out of static/ so it is never served.
writeFileSync(join(here, "build-meta.json"), JSON.stringify(islands.metafile));

// The text-overlay editor's bundled fonts (lib/fonts.js is the list): only the woff2 faces
// it offers, a file per subset, and fonts.css declaring them, each with its unicode-range
// (pages name it with static(), so the manifest storage hashes it and the files it names).
// Unchanged files are left alone for servers reading them right now.
{
  const { FONTS, fontFiles, fontFaceCss } = await import("./lib/fonts.js");
  mkdirSync(join(out, "fonts"), { recursive: true });
  for (const entry of FONTS) {
    for (const { file } of fontFiles(entry)) {
      const from = join(here, "node_modules", "@fontsource", entry.pkg, "files", file);
      const to = join(out, "fonts", file);
      if (!existsSync(to) || statSync(to).size !== statSync(from).size) copyFileSync(from, to);
    }
  }
  const css = join(out, "fonts", "fonts.css");
  if (!existsSync(css) || readFileSync(css, "utf8") !== fontFaceCss()) writeFileSync(css, fontFaceCss());
}

execFileSync(
  join(here, "node_modules", ".bin", "tailwindcss"),
  ["-i", join(here, "styles", "app.css"), "-o", join(out, "css", "app.css"), "--minify"],
  { stdio: ["ignore", "ignore", "inherit"] },
);
console.log("frontend built into static/dist");
