// The text-overlay editor's 40 fonts. Every face is bundled from an @fontsource package
// (weights 400 and 700, italics where the family has them, in each subset below the family
// ships), so text looks the same on every machine and the exported PNG matches the preview.
// build.mjs reads this list to copy exactly these files into static/dist/fonts/, with
// fonts.css beside them (fontFaceCss), the stylesheet that declares them.
//
// `name` is what users see and what saved layers store; `pkg` is the @fontsource package.
// Faces are registered under a private family name ("Overlay <name>") so a font installed
// on the user's machine with the same name can never be picked instead of ours.

const SANS = "sans-serif";
const SERIF = "serif";
const DISPLAY = "display";
const SCRIPT = "cursive";
const MONO = "monospace";

// The subsets we bundle, with the characters each covers (Google Fonts' ranges, the same in
// every @fontsource package's unicode.json): the Latin, Cyrillic and Greek letters of the
// languages we offer. Each is a file of its own, declared with its unicode-range, so the
// browser downloads only those a text uses. Hebrew and Arabic come from the system's fonts.
export const SUBSETS = Object.freeze({
  latin:
    "U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD",
  "latin-ext":
    "U+0100-02BA,U+02BD-02C5,U+02C7-02CC,U+02CE-02D7,U+02DD-02FF,U+0304,U+0308,U+0329,U+1D00-1DBF,U+1E00-1E9F,U+1EF2-1EFF,U+2020,U+20A0-20AB,U+20AD-20C0,U+2113,U+2C60-2C7F,U+A720-A7FF",
  cyrillic: "U+0301,U+0400-045F,U+0490-0491,U+04B0-04B1,U+2116",
  "cyrillic-ext": "U+0460-052F,U+1C80-1C8A,U+20B4,U+2DE0-2DFF,U+A640-A69F,U+FE2E-FE2F",
  greek: "U+0370-0377,U+037A-037F,U+0384-038A,U+038C,U+038E-03A1,U+03A3-03FF",
  "greek-ext": "U+1F00-1FFF",
  vietnamese:
    "U+0102-0103,U+0110-0111,U+0128-0129,U+0168-0169,U+01A0-01A1,U+01AF-01B0,U+0300-0301,U+0303-0304,U+0308-0309,U+0323,U+0329,U+1EA0-1EF9,U+20AB",
});

const EVERY_SCRIPT = "latin-ext cyrillic cyrillic-ext greek greek-ext vietnamese";

// scripts: the SUBSETS beside latin the family ships (its package's metadata.json);
// bold: it ships a 700 face (else the browser synthesises bold);
// italic: it ships italic faces (else the browser slants the upright face).
const font = (name, pkg, category, scripts, { bold = true, italic = true } = {}) => {
  const subsets = Object.freeze(["latin", ...scripts.split(" ").filter(Boolean)]);
  return Object.freeze({ name, pkg, category, subsets, bold, italic });
};

export const FONTS = Object.freeze([
  // Metric-compatible stand-ins for the classic web fonts: same widths, so layouts that
  // were designed with "Arial" keep their line lengths.
  font("Arial", "arimo", SANS, EVERY_SCRIPT),
  font("Times New Roman", "tinos", SERIF, EVERY_SCRIPT),
  font("Courier New", "cousine", MONO, EVERY_SCRIPT),
  font("Roboto", "roboto", SANS, EVERY_SCRIPT),
  font("Open Sans", "open-sans", SANS, EVERY_SCRIPT),
  font("Lato", "lato", SANS, "latin-ext"),
  font("Montserrat", "montserrat", SANS, "latin-ext cyrillic cyrillic-ext vietnamese"),
  font("Poppins", "poppins", SANS, "latin-ext"),
  font("Raleway", "raleway", SANS, "latin-ext cyrillic cyrillic-ext vietnamese"),
  font("Inter", "inter", SANS, EVERY_SCRIPT),
  font("Nunito", "nunito", SANS, "latin-ext cyrillic cyrillic-ext vietnamese"),
  font("Source Sans 3", "source-sans-3", SANS, EVERY_SCRIPT),
  font("PT Sans", "pt-sans", SANS, "latin-ext cyrillic cyrillic-ext"),
  font("Ubuntu", "ubuntu", SANS, "latin-ext cyrillic cyrillic-ext greek greek-ext"),
  font("Work Sans", "work-sans", SANS, "latin-ext vietnamese"),
  font("Rubik", "rubik", SANS, "latin-ext cyrillic cyrillic-ext"),
  font("Noto Sans", "noto-sans", SANS, EVERY_SCRIPT),
  font("Josefin Sans", "josefin-sans", SANS, "latin-ext vietnamese"),
  font("Barlow", "barlow", SANS, "latin-ext vietnamese"),
  font("Quicksand", "quicksand", SANS, "latin-ext vietnamese", { italic: false }),
  font("Comfortaa", "comfortaa", DISPLAY, "latin-ext cyrillic cyrillic-ext greek vietnamese", { italic: false }),
  font("Oswald", "oswald", DISPLAY, "latin-ext cyrillic cyrillic-ext vietnamese", { italic: false }),
  font("Bebas Neue", "bebas-neue", DISPLAY, "latin-ext", { bold: false, italic: false }),
  font("Anton", "anton", DISPLAY, "latin-ext vietnamese", { bold: false, italic: false }),
  font("Archivo Black", "archivo-black", DISPLAY, "latin-ext", { bold: false, italic: false }),
  font("Righteous", "righteous", DISPLAY, "latin-ext", { bold: false, italic: false }),
  font("Bangers", "bangers", DISPLAY, "latin-ext vietnamese", { bold: false, italic: false }),
  font("Abril Fatface", "abril-fatface", DISPLAY, "latin-ext", { bold: false, italic: false }),
  font("Playfair Display", "playfair-display", SERIF, "latin-ext cyrillic vietnamese"),
  font("Merriweather", "merriweather", SERIF, "latin-ext cyrillic cyrillic-ext vietnamese"),
  font("Lora", "lora", SERIF, "latin-ext cyrillic cyrillic-ext vietnamese"),
  font("Libre Baskerville", "libre-baskerville", SERIF, "latin-ext"),
  font("EB Garamond", "eb-garamond", SERIF, EVERY_SCRIPT),
  font("Roboto Slab", "roboto-slab", SERIF, EVERY_SCRIPT, { italic: false }),
  font("Cinzel", "cinzel", SERIF, "latin-ext", { italic: false }),
  font("Lobster", "lobster", SCRIPT, "latin-ext cyrillic cyrillic-ext vietnamese", { bold: false, italic: false }),
  font("Pacifico", "pacifico", SCRIPT, "latin-ext cyrillic cyrillic-ext vietnamese", { bold: false, italic: false }),
  font("Dancing Script", "dancing-script", SCRIPT, "latin-ext vietnamese", { italic: false }),
  font("Caveat", "caveat", SCRIPT, "latin-ext cyrillic cyrillic-ext", { italic: false }),
  font("Permanent Marker", "permanent-marker", SCRIPT, "", { bold: false, italic: false }),
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

/** The woff2 files a catalogue font ships: [{subset, weight, style, file}] (file names as
 * @fontsource names them, and as build.mjs copies them). */
export function fontFiles(entry) {
  const weights = entry.bold ? [400, 700] : [400];
  const styles = entry.italic ? ["normal", "italic"] : ["normal"];
  return entry.subsets.flatMap((subset) =>
    weights.flatMap((weight) =>
      styles.map((style) => ({ subset, weight, style, file: `${entry.pkg}-${subset}-${weight}-${style}.woff2` })),
    ),
  );
}

/** The @font-face rules of every face, naming the files as siblings of the stylesheet
 * (build.mjs writes this as static/dist/fonts/fonts.css). A file is only downloaded once
 * something uses its face with a character of its unicode-range. */
export function fontFaceCss() {
  return FONTS.flatMap((entry) =>
    fontFiles(entry).map(
      ({ subset, weight, style, file }) =>
        `@font-face{font-family:"Overlay ${entry.name}";src:url("${file}") format("woff2");font-weight:${weight};font-style:${style};font-display:swap;unicode-range:${SUBSETS[subset]}}`,
    ),
  ).join("\n");
}

// SUBSETS as [first, last] code point pairs, for finding the subsets a text uses.
const CODE_POINTS = Object.fromEntries(
  Object.entries(SUBSETS).map(([subset, ranges]) => [
    subset,
    ranges.split(",").map((range) => {
      const [first, last = first] = range.slice(2).split("-").map((hex) => parseInt(hex, 16));
      return [first, last];
    }),
  ]),
);

/** The subsets of a catalogue font that `text` needs: latin always (the face the font picker
 * shows, and spaces, digits and punctuation), and each other one it ships that covers one of
 * the text's characters. */
export function subsetsFor(name, text = "") {
  const entry = byName.get(name) || byName.get(DEFAULT_FONT);
  const codePoints = [...new Set(String(text))].map((char) => char.codePointAt(0));
  return entry.subsets.filter(
    (subset) =>
      subset === "latin" ||
      codePoints.some((c) => CODE_POINTS[subset].some(([first, last]) => c >= first && c <= last)),
  );
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

const loading = new Map(); // "name weight style subset" -> Promise<void>

/**
 * Loads the faces of a catalogue font that `text` needs (subsetsFor) so canvas text can use
 * them: canvas text drawn before a face has loaded silently uses a fallback font, in the
 * preview and the exported PNG alike. Resolves when they are ready (or at once where the CSS
 * Font Loading API is missing, as in unit tests). A face the family lacks (bold or italic)
 * comes from its nearest face, which the browser synthesises, as the stylesheet declares only
 * the faces each family really has.
 */
export function loadFont(name, { weight = 400, style = "normal", text = "" } = {}) {
  if (typeof document === "undefined" || !document.fonts?.load) return Promise.resolve();
  const entry = byName.get(name) || byName.get(DEFAULT_FONT);
  const font = `${style} ${weight} 16px "Overlay ${entry.name}"`;
  return Promise.all(
    subsetsFor(entry.name, text).map((subset) => {
      const key = `${entry.name} ${weight} ${style} ${subset}`;
      if (!loading.has(key)) {
        // The browser loads the faces whose unicode-range has a character of the text: for
        // latin, the API's default text (a space) is enough.
        const promise = loadStylesheet()
          .then(() => (subset === "latin" ? document.fonts.load(font) : document.fonts.load(font, text)))
          .then((faces) => {
            if (faces.length === 0) throw new Error(`The stylesheet declares no ${subset} face of ${entry.name}`);
          });
        promise.catch(() => loading.delete(key)); // allow a retry after a network blip
        loading.set(key, promise);
      }
      return loading.get(key);
    }),
  ).then(() => undefined);
}

/** Loads every face that `elements` (text-overlay elements) use for their text. */
export function loadFontsFor(elements) {
  return Promise.all(
    elements.map((el) =>
      loadFont(el.fontFamily, { weight: el.fontWeight === "bold" ? 700 : 400, style: el.fontStyle, text: el.text }),
    ),
  );
}
