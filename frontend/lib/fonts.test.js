import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_FONT, FONTS, FONT_NAMES, cssFamily, fontFaceCss, fontFiles, loadFont } from "./fonts.js";

const nodeModules = join(dirname(fileURLToPath(import.meta.url)), "..", "node_modules");

describe("the editor's font catalogue", () => {
  it("has 40 distinct fonts with Arial first and the default", () => {
    expect(FONTS).toHaveLength(40);
    expect(new Set(FONT_NAMES).size).toBe(40);
    expect(FONT_NAMES[0]).toBe("Arial");
    expect(DEFAULT_FONT).toBe("Arial");
  });

  it("maps Arial to Arimo, its metric-compatible bundled face", () => {
    expect(FONTS.find((font) => font.name === "Arial").pkg).toBe("arimo");
  });

  it("bundles a latin woff2 for every face it offers (400 and 700, italics where the family has them)", () => {
    for (const font of FONTS) {
      const files = fontFiles(font);
      expect(files.map((f) => `${f.weight} ${f.style}`)).toEqual(
        [
          "400 normal",
          ...(font.italic ? ["400 italic"] : []),
          ...(font.bold ? ["700 normal"] : []),
          ...(font.bold && font.italic ? ["700 italic"] : []),
        ],
      );
      for (const { file } of files) {
        expect(existsSync(join(nodeModules, "@fontsource", font.pkg, "files", file)), file).toBe(true);
      }
    }
  });

  it("names faces privately so an installed font of the same name is never used", () => {
    expect(cssFamily("Arial")).toBe('"Overlay Arial", sans-serif');
    expect(cssFamily("Lora")).toBe('"Overlay Lora", serif');
    expect(cssFamily("No Such Font")).toBe('"Overlay Arial", sans-serif');
  });

  it("declares every bundled face, under its private name, from a file beside the stylesheet", () => {
    const rules = fontFaceCss().split("\n");
    expect(rules).toHaveLength(FONTS.flatMap(fontFiles).length);
    expect(rules).toContain(
      '@font-face{font-family:"Overlay Bebas Neue";src:url("bebas-neue-latin-400-normal.woff2") format("woff2");font-weight:400;font-style:normal;font-display:swap}',
    );
    expect(rules.filter((rule) => rule.includes('"Overlay Lora"')).map((rule) => rule.match(/url\("([^"]+)"\)/)[1])).toEqual([
      "lora-latin-400-normal.woff2",
      "lora-latin-400-italic.woff2",
      "lora-latin-700-normal.woff2",
      "lora-latin-700-italic.woff2",
    ]);
  });

  it("resolves at once where the CSS Font Loading API is missing", async () => {
    await expect(loadFont("Lobster", { weight: 700, style: "italic" })).resolves.toBeUndefined();
  });
});

describe("loading a face", () => {
  // The browser's font loading, stood in for: a fresh module (it remembers its stylesheet)
  // on a page that names the stylesheet as Django's static() wrote it.
  let asked;
  async function onPage({ meta = true } = {}) {
    vi.resetModules();
    document.head.innerHTML = meta ? '<meta name="editor-fonts" content="/static/dist/fonts/fonts.0123abcd.css">' : "";
    asked = [];
    Object.defineProperty(document, "fonts", {
      configurable: true,
      value: { load: vi.fn(async (font) => (asked.push(font), [{ family: font }])) },
    });
    return import("./fonts.js");
  }
  const stylesheets = () => [...document.head.querySelectorAll('link[rel="stylesheet"]')];
  afterEach(() => {
    delete document.fonts;
    document.head.innerHTML = "";
  });

  it("adds the page's stylesheet once, then loads the face a layer asks for", async () => {
    const fonts = await onPage();
    const bold = fonts.loadFont("Lobster", { weight: 700, style: "italic" });
    const regular = fonts.loadFontsFor([{ fontFamily: "Lora", fontWeight: "normal", fontStyle: "normal" }]);
    expect(stylesheets().map((link) => link.getAttribute("href"))).toEqual(["/static/dist/fonts/fonts.0123abcd.css"]);
    expect(asked).toEqual([]); // not before the stylesheet has loaded
    stylesheets()[0].dispatchEvent(new Event("load"));
    await Promise.all([bold, regular]);
    expect(asked).toEqual(['italic 700 16px "Overlay Lobster"', 'normal 400 16px "Overlay Lora"']);
    await fonts.loadFont("Lobster", { weight: 700, style: "italic" });
    expect(asked).toHaveLength(2); // a face is loaded once
  });

  it("tries the stylesheet again after it failed to load", async () => {
    const fonts = await onPage();
    const first = fonts.loadFont("Arial");
    stylesheets()[0].dispatchEvent(new Event("error"));
    await expect(first).rejects.toThrow("could not be loaded from /static/dist/fonts/fonts.0123abcd.css");
    expect(stylesheets()).toHaveLength(0);
    const again = fonts.loadFont("Arial");
    stylesheets()[0].dispatchEvent(new Event("load"));
    await expect(again).resolves.toBeUndefined();
  });

  it("says so on a page that does not name the stylesheet", async () => {
    const fonts = await onPage({ meta: false });
    await expect(fonts.loadFont("Arial")).rejects.toThrow('No <meta name="editor-fonts">');
  });
});
