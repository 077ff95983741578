import { describe, expect, it } from "vitest";
import { paragraphDirection } from "./direction.js";

describe("paragraphDirection", () => {
  it("runs Arabic and Hebrew from the right", () => {
    expect(paragraphDirection("عرض خاص: خصم 50% اليوم!")).toBe("rtl");
    expect(paragraphDirection("מבצע מיוחד!")).toBe("rtl");
    expect(paragraphDirection("ﻋﺮﺽ")).toBe("rtl"); // Arabic presentation forms
  });

  it("runs Latin, Cyrillic, Greek and Vietnamese letters from the left", () => {
    for (const text of ["Summer sale", "Zażółć gęślą jaźń", "Скидка 50%", "Έκπτωση", "Giảm giá đặc biệt"]) {
      expect(paragraphDirection(text), text).toBe("ltr");
    }
  });

  it("goes by the first strong character, past digits, punctuation, spaces and emoji", () => {
    expect(paragraphDirection("50% — خصم")).toBe("rtl");
    expect(paragraphDirection("🔥 ١٢٣ מבצע")).toBe("rtl"); // Arabic-Indic digits are not letters
    expect(paragraphDirection("«SALE» خصم")).toBe("ltr");
    expect(paragraphDirection("خصم SALE")).toBe("rtl");
  });

  it("is left-to-right without a strong character, as the text box shows it", () => {
    expect(paragraphDirection("50% !")).toBe("ltr");
    expect(paragraphDirection("")).toBe("ltr");
  });

  it("follows a direction mark typed before the text", () => {
    expect(paragraphDirection("\u200F50% !")).toBe("rtl");
    expect(paragraphDirection("\u200Eעברית")).toBe("ltr");
  });
});
