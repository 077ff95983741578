// The text-overlay editor's 40 fonts. Every face is bundled from an @fontsource package
// (latin subset, weights 400 and 700, italics where the family has them), so text looks
// the same on every machine and the exported PNG matches the preview. build.mjs reads
// this list to copy exactly these files into static/dist/fonts/.
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

/** The catalogue entry for `name`, or undefined for a name we do not bundle. */
export function fontByName(name) {
  return byName.get(name);
}

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

// Where build.mjs puts the files: static/dist/fonts/, a sibling of the js/ folder this
// module is bundled into (an entry or a chunk, so the depth varies; "/dist/" does not).
function defaultFontsBase() {
  const here = import.meta.url || "";
  const at = here.lastIndexOf("/dist/");
  return at >= 0 ? `${here.slice(0, at)}/dist/fonts/` : "/static/dist/fonts/";
}

let fontsBase = null;

/** Overrides where the woff2 files are served from (tests, or a page that knows better). */
export function setFontsBase(url) {
  fontsBase = url.endsWith("/") ? url : `${url}/`;
}

const registered = new Map(); // woff2 file name -> Promise<void>

function nearestFile(entry, weight, style) {
  const files = fontFiles(entry);
  return (
    files.find((f) => f.weight === weight && f.style === style) ||
    files.find((f) => f.weight === weight) ||
    files.find((f) => f.style === style) ||
    files[0]
  );
}

/**
 * Loads one face of a catalogue font so canvas text can use it. Resolves when it is ready
 * (or at once where the FontFace API is missing, as in unit tests). A face the family lacks
 * (bold or italic) is registered from the nearest file and the browser synthesises it.
 */
export function loadFont(name, { weight = 400, style = "normal" } = {}) {
  const entry = byName.get(name) || byName.get(DEFAULT_FONT);
  const file = nearestFile(entry, weight, style);
  const key = file.file;
  if (registered.has(key)) return registered.get(key);
  let promise;
  if (typeof FontFace === "undefined" || typeof document === "undefined" || !document.fonts) {
    promise = Promise.resolve();
  } else {
    // The face is described as what the file really is (say 400 normal), so a bold or
    // italic request for a family without that face is synthesised by the browser.
    const face = new FontFace(`Overlay ${entry.name}`, `url("${fontsBase || defaultFontsBase()}${file.file}")`, {
      weight: String(file.weight),
      style: file.style,
    });
    document.fonts.add(face);
    promise = face.load().then(
      () => undefined,
      (err) => {
        registered.delete(key); // allow a retry after a network blip
        throw err;
      },
    );
  }
  registered.set(key, promise);
  return promise;
}

/** Loads every face that `elements` (text-overlay elements) use. */
export function loadFontsFor(elements) {
  return Promise.all(
    elements.map((el) =>
      loadFont(el.fontFamily, { weight: el.fontWeight === "bold" ? 700 : 400, style: el.fontStyle }),
    ),
  );
}
