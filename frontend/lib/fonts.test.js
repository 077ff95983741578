import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { DEFAULT_FONT, FONTS, FONT_NAMES, cssFamily, fontByName, fontFiles, loadFont } from "./fonts.js";

const nodeModules = join(dirname(fileURLToPath(import.meta.url)), "..", "node_modules");

describe("the editor's font catalogue", () => {
  it("has 40 distinct fonts with Arial first and the default", () => {
    expect(FONTS).toHaveLength(40);
    expect(new Set(FONT_NAMES).size).toBe(40);
    expect(FONT_NAMES[0]).toBe("Arial");
    expect(DEFAULT_FONT).toBe("Arial");
  });

  it("maps Arial to Arimo, its metric-compatible bundled face", () => {
    expect(fontByName("Arial").pkg).toBe("arimo");
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

  it("resolves at once where the FontFace API is missing", async () => {
    await expect(loadFont("Lobster", { weight: 700, style: "italic" })).resolves.toBeUndefined();
  });
});
