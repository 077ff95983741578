import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  DEFAULT_FONT,
  FONTS,
  FONT_NAMES,
  SUBSETS,
  cssFamily,
  fontFaceCss,
  fontFiles,
  loadFont,
  subsetsFor,
} from "./fonts.js";

const nodeModules = join(dirname(fileURLToPath(import.meta.url)), "..", "node_modules");
const fontsource = (pkg, file) => JSON.parse(readFileSync(join(nodeModules, "@fontsource", pkg, file), "utf8"));

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

  it("bundles every subset of ours its package ships, with Google's unicode ranges", () => {
    for (const font of FONTS) {
      const shipped = fontsource(font.pkg, "metadata.json").subsets;
      expect(font.subsets, font.name).toEqual(Object.keys(SUBSETS).filter((subset) => shipped.includes(subset)));
      const ranges = fontsource(font.pkg, "unicode.json");
      for (const subset of font.subsets) expect(ranges[subset], `${font.name} ${subset}`).toBe(SUBSETS[subset]);
    }
    expect(FONTS.find((font) => font.name === "Montserrat").subsets).toEqual([
      "latin",
      "latin-ext",
      "cyrillic",
      "cyrillic-ext",
      "vietnamese",
    ]);
    expect(FONTS.find((font) => font.name === "Bebas Neue").subsets).toEqual(["latin", "latin-ext"]);
  });

  it("bundles a woff2 for every face it offers in each subset (400 and 700, italics where the family has them)", () => {
    for (const font of FONTS) {
      const files = fontFiles(font);
      const faces = [
        "400 normal",
        ...(font.italic ? ["400 italic"] : []),
        ...(font.bold ? ["700 normal"] : []),
        ...(font.bold && font.italic ? ["700 italic"] : []),
      ];
      expect(files.map((f) => `${f.subset} ${f.weight} ${f.style}`)).toEqual(
        font.subsets.flatMap((subset) => faces.map((face) => `${subset} ${face}`)),
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

  it("declares every bundled face, under its private name, from a file beside the stylesheet, for its subset's characters", () => {
    const rules = fontFaceCss().split("\n");
    expect(rules).toHaveLength(FONTS.flatMap(fontFiles).length);
    expect(rules).toContain(
      `@font-face{font-family:"Overlay Bebas Neue";src:url("bebas-neue-latin-400-normal.woff2") format("woff2");font-weight:400;font-style:normal;font-display:swap;unicode-range:${SUBSETS.latin}}`,
    );
    expect(rules).toContain(
      '@font-face{font-family:"Overlay Montserrat";src:url("montserrat-cyrillic-700-italic.woff2") format("woff2");font-weight:700;font-style:italic;font-display:swap;unicode-range:U+0301,U+0400-045F,U+0490-0491,U+04B0-04B1,U+2116}',
    );
    expect(rules.filter((rule) => rule.includes('"Overlay Bebas Neue"')).map((rule) => rule.match(/url\("([^"]+)"\)/)[1])).toEqual([
      "bebas-neue-latin-400-normal.woff2",
      "bebas-neue-latin-ext-400-normal.woff2",
    ]);
    expect(rules.every((rule) => /;unicode-range:U\+[0-9A-F]/.test(rule))).toBe(true);
  });

  it("knows the subsets a text needs in a font: latin always, and those that cover its letters", () => {
    expect(subsetsFor("Montserrat", "Summer sale")).toEqual(["latin"]);
    expect(subsetsFor("Montserrat", "")).toEqual(["latin"]);
    expect(subsetsFor("Montserrat", "Wyprzedaż: łódź")).toEqual(["latin", "latin-ext"]); // Polish
    expect(subsetsFor("Montserrat", "Őszi kiárusítás")).toEqual(["latin", "latin-ext"]); // Hungarian
    expect(subsetsFor("Montserrat", "Reducere ș ț")).toEqual(["latin", "latin-ext"]); // Romanian
    expect(subsetsFor("Montserrat", "İndirim ğ")).toEqual(["latin", "latin-ext"]); // Turkish
    expect(subsetsFor("Montserrat", "Giảm giá đặc biệt")).toEqual(["latin", "latin-ext", "vietnamese"]);
    expect(subsetsFor("Montserrat", "Скидка 50%")).toEqual(["latin", "cyrillic"]);
    expect(subsetsFor("Montserrat", "Знижка ґ")).toEqual(["latin", "cyrillic", "cyrillic-ext"]); // both cover ґ
    expect(subsetsFor("Roboto", "Έκπτωση")).toEqual(["latin", "greek"]);
    expect(subsetsFor("Montserrat", "Έκπτωση")).toEqual(["latin"]); // Montserrat has no Greek: the system's
    expect(subsetsFor("Bebas Neue", "Giảm giá đặc biệt")).toEqual(["latin", "latin-ext"]);
    expect(subsetsFor("Arial", "عرض خاص")).toEqual(["latin"]); // Arabic and Hebrew are the system's
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
      value: { load: vi.fn(async (...args) => (asked.push(args), [{ family: args[0] }])) },
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
    const regular = fonts.loadFontsFor([{ fontFamily: "Lora", fontWeight: "normal", fontStyle: "normal", text: "Sale" }]);
    expect(stylesheets().map((link) => link.getAttribute("href"))).toEqual(["/static/dist/fonts/fonts.0123abcd.css"]);
    expect(asked).toEqual([]); // not before the stylesheet has loaded
    stylesheets()[0].dispatchEvent(new Event("load"));
    await Promise.all([bold, regular]);
    expect(asked).toEqual([['italic 700 16px "Overlay Lobster"'], ['normal 400 16px "Overlay Lora"']]);
    await fonts.loadFont("Lobster", { weight: 700, style: "italic" });
    expect(asked).toHaveLength(2); // a face is loaded once
  });

  it("also loads the faces of the subsets a layer's text needs, each once, before it is drawn", async () => {
    const fonts = await onPage();
    const layer = (text) => ({ fontFamily: "Montserrat", fontWeight: "bold", fontStyle: "normal", text });
    const polish = fonts.loadFontsFor([layer("Wyprzedaż -50%")]);
    stylesheets()[0].dispatchEvent(new Event("load"));
    await polish;
    expect(asked).toEqual([['normal 700 16px "Overlay Montserrat"'], ['normal 700 16px "Overlay Montserrat"', "Wyprzedaż -50%"]]);
    asked = [];
    await fonts.loadFontsFor([layer("Wyprzedaż -50%, Скидка")]);
    expect(asked).toEqual([['normal 700 16px "Overlay Montserrat"', "Wyprzedaż -50%, Скидка"]]); // only Cyrillic is new
  });

  it("fails when the stylesheet lacks a face the text needs, and tries it again next time", async () => {
    const fonts = await onPage();
    // The Cyrillic subset's load (the one given the text) finds no face; the latin one does.
    const load = document.fonts.load.getMockImplementation();
    document.fonts.load.mockImplementation(async (font, text) => (text ? [] : load(font, text)));
    const first = fonts.loadFont("Lora", { text: "Скидка" });
    stylesheets()[0].dispatchEvent(new Event("load"));
    await expect(first).rejects.toThrow("The stylesheet declares no cyrillic face of Lora");
    document.fonts.load.mockImplementation(load);
    await expect(fonts.loadFont("Lora", { text: "Скидка" })).resolves.toBeUndefined();
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
