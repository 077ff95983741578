// The text-overlay editor's 40 fonts. Every face is bundled from an @fontsource package
// (latin subset, weights 400 and 700, italics where the family has them), so text looks
// the same on every machine and the exported PNG matches the preview. build.mjs reads
// this list to copy exactly these files into static/dist/fonts/, with fonts.css beside them
// (fontFaceCss), the stylesheet that declares them.
//
// `name` is what users see and what saved layers store; `pkg` is the @fontsource package.
// Faces are registered under a private family name ("Overlay <name>") so a font installed
// on the user's machine with the same name can never be picked instead of ours.

const SANS = "sans-serif";
const SERIF = "serif";
const DISPLAY = "display";
const SCRIPT = "cursive";
const MONO = "monospace";

// bold: the family ships a 700 face (else the browser synthesises bold);
// italic: it ships italic faces (else the browser slants the upright face).
const font = (name, pkg, category, { bold = true, italic = true } = {}) =>
  Object.freeze({ name, pkg, category, bold, italic });

export const FONTS = Object.freeze([
  // Metric-compatible stand-ins for the classic web fonts: same widths, so layouts that
  // were designed with "Arial" keep their line lengths.
  font("Arial", "arimo", SANS),
  font("Times New Roman", "tinos", SERIF),
  font("Courier New", "cousine", MONO),
  font("Roboto", "roboto", SANS),
  font("Open Sans", "open-sans", SANS),
  font("Lato", "lato", SANS),
  font("Montserrat", "montserrat", SANS),
  font("Poppins", "poppins", SANS),
  font("Raleway", "raleway", SANS),
  font("Inter", "inter", SANS),
  font("Nunito", "nunito", SANS),
  font("Source Sans 3", "source-sans-3", SANS),
  font("PT Sans", "pt-sans", SANS),
  font("Ubuntu", "ubuntu", SANS),
  font("Work Sans", "work-sans", SANS),
  font("Rubik", "rubik", SANS),
  font("Noto Sans", "noto-sans", SANS),
  font("Josefin Sans", "josefin-sans", SANS),
  font("Barlow", "barlow", SANS),
  font("Quicksand", "quicksand", SANS, { italic: false }),
  font("Comfortaa", "comfortaa", DISPLAY, { italic: false }),
  font("Oswald", "oswald", DISPLAY, { italic: false }),
  font("Bebas Neue", "bebas-neue", DISPLAY, { bold: false, italic: false }),
  font("Anton", "anton", DISPLAY, { bold: false, italic: false }),
  font("Archivo Black", "archivo-black", DISPLAY, { bold: false, italic: false }),
  font("Righteous", "righteous", DISPLAY, { bold: false, italic: false }),
  font("Bangers", "bangers", DISPLAY, { bold: false, italic: false }),
  font("Abril Fatface", "abril-fatface", DISPLAY, { bold: false, italic: false }),
  font("Playfair Display", "playfair-display", SERIF),
  font("Merriweather", "merriweather", SERIF),
  font("Lora", "lora", SERIF),
  font("Libre Baskerville", "libre-baskerville", SERIF),
  font("EB Garamond", "eb-garamond", SERIF),
  font("Roboto Slab", "roboto-slab", SERIF, { italic: false }),
  font("Cinzel", "cinzel", SERIF, { italic: false }),
  font("Lobster", "lobster", SCRIPT, { bold: false, italic: false }),
  font("Pacifico", "pacifico", SCRIPT, { bold: false, italic: false }),
  font("Dancing Script", "dancing-script", SCRIPT, { italic: false }),
  font("Caveat", "caveat", SCRIPT, { italic: false }),
  font("Permanent Marker", "permanent-marker", SCRIPT, { bold: false, italic: false }),
]);

export const DEFAULT_FONT = "Arial";
export const FONT_NAMES = Object.freeze(FONTS.map((f) => f.name));

const byName = new Map(FONTS.map((f) => [f.name, f]));

/** The CSS font-family value for a catalogue font (unknown names fall back to Arial). */
export function cssFamily(name) {
  const entry = byName.get(name) || byName.get(DEFAULT_FONT);
  const generic = entry.category === SERIF ? "serif" : entry.category === MONO ? "monospace" : "sans-serif";
  return `"Overlay ${entry.name}", ${generic}`;
}

/** The woff2 files a catalogue font ships: [{weight, style, file}] (file names as @fontsource
 * names them, and as build.mjs copies them). */
export function fontFiles(entry) {
  const weights = entry.bold ? [400, 700] : [400];
  const styles = entry.italic ? ["normal", "italic"] : ["normal"];
  return weights.flatMap((weight) =>
    styles.map((style) => ({ weight, style, file: `${entry.pkg}-latin-${weight}-${style}.woff2` })),
  );
}

/** The @font-face rules of every face, naming the files as siblings of the stylesheet
 * (build.mjs writes this as static/dist/fonts/fonts.css). A face is only downloaded once
 * something uses it. */
export function fontFaceCss() {
  return FONTS.flatMap((entry) =>
    fontFiles(entry).map(
      ({ weight, style, file }) =>
        `@font-face{font-family:"Overlay ${entry.name}";src:url("${file}") format("woff2");font-weight:${weight};font-style:${style};font-display:swap}`,
    ),
  ).join("\n");
}

// Where the stylesheet is: a page that can open the editor names it in
// <meta name="editor-fonts" content="{% asset 'dist/fonts/fonts.css' %}">. Built with Django's
// static(), so with the manifest storage the stylesheet has a hashed URL, and so have the
// font files (collectstatic rewrites the url()s in it): both are cached for good.
const STYLESHEET = 'meta[name="editor-fonts"]';
let stylesheet = null; // Promise<void>: the stylesheet is in the page and loaded

function loadStylesheet() {
  if (stylesheet) return stylesheet;
  const href = document.querySelector(STYLESHEET)?.content;
  if (!href) return Promise.reject(new Error('No <meta name="editor-fonts">: this page cannot load the editor\'s fonts'));
  stylesheet = new Promise((resolve, reject) => {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = href;
    link.addEventListener("load", () => resolve());
    link.addEventListener("error", () => {
      link.remove();
      stylesheet = null; // allow a retry after a network blip
      reject(new Error(`The editor's fonts could not be loaded from ${href}`));
    });
    document.head.append(link);
  });
  return stylesheet;
}

const loading = new Map(); // "name weight style" -> Promise<void>

/**
 * Loads one face of a catalogue font so canvas text can use it. Resolves when it is ready
 * (or at once where the CSS Font Loading API is missing, as in unit tests). A face the
 * family lacks (bold or italic) comes from its nearest face, which the browser synthesises,
 * as the stylesheet declares only the faces each family really has.
 */
export function loadFont(name, { weight = 400, style = "normal" } = {}) {
  if (typeof document === "undefined" || !document.fonts?.load) return Promise.resolve();
  const entry = byName.get(name) || byName.get(DEFAULT_FONT);
  const key = `${entry.name} ${weight} ${style}`;
  if (!loading.has(key)) {
    const promise = loadStylesheet()
      .then(() => document.fonts.load(`${style} ${weight} 16px "Overlay ${entry.name}"`))
      .then((faces) => {
        if (faces.length === 0) throw new Error(`The stylesheet declares no face of ${entry.name}`);
      });
    promise.catch(() => loading.delete(key)); // allow a retry after a network blip
    loading.set(key, promise);
  }
  return loading.get(key);
}

/** Loads every face that `elements` (text-overlay elements) use. */
export function loadFontsFor(elements) {
  return Promise.all(
    elements.map((el) =>
      loadFont(el.fontFamily, { weight: el.fontWeight === "bold" ? 700 : 400, style: el.fontStyle }),
    ),
  );
}
