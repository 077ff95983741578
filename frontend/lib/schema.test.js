import { describe, expect, it } from "vitest";
import {
  allFields,
  counterText,
  fieldError,
  initialValues,
  isHttpUrl,
  isOverLimit,
  isVisible,
  validate,
  withDefaultScheme,
} from "./schema.js";

// A schema in the shape services/schema.py sends (docs/CONTRACTS.md, "Form schemas"), exercising every rule.
const schema = {
  sections: [
    {
      title: "Basic Information",
      fields: [
        {
          name: "productName",
          label: "Product Name",
          type: "text",
          required: true,
          minLength: 2,
          maxLength: 250,
          counter: true,
          messages: {
            required: "Product name is required",
            minLength: "Product name must be at least 2 characters",
            maxLength: "Product name must not exceed 250 characters",
          },
        },
        { name: "audience", label: "Audience", type: "textarea", maxLength: 250, messages: { maxLength: "Audience must not exceed 250 characters" } },
        {
          name: "language",
          label: "Language",
          type: "select",
          required: true,
          default: "English",
          options: [
            { value: "English", label: "English" },
            { value: "Bulgarian", label: "Bulgarian" },
          ],
          messages: { choice: "Please select a language" },
        },
        { name: "versions", label: "Versions", type: "number", min: 1, max: 5, default: 3 },
      ],
    },
    {
      title: "Assets",
      fields: [
        { name: "websiteUrl", label: "Website URL", type: "url", required: true, messages: { invalid: "Please enter a valid URL", required: "Please enter a valid URL" } },
        { name: "logoUrl", label: "Logo URL", type: "url" },
        {
          name: "productImage",
          label: "Product Image",
          type: "image",
          required: true,
          upload: { bucket: "products", urlField: "productImageUrl" },
          messages: { required: "Please provide a product image (upload or URL)" },
        },
        { name: "productImageUrl", label: "Product Image URL", type: "url" },
        { name: "adsStartedBefore", label: "Ads Started Before", type: "date", required: true, messages: { required: "Date is required" } },
        {
          name: "headlineOptions",
          label: "Headline",
          type: "radio",
          default: "AI Generated",
          options: ["AI Generated", "No Headline", "Custom"].map((v) => ({ value: v, label: v })),
        },
        {
          name: "customHeadline",
          label: "Custom Headline",
          type: "text",
          required: true,
          maxLength: 250,
          showIf: { field: "headlineOptions", equals: "Custom" },
        },
      ],
    },
  ],
};

const good = {
  productName: "Glow Serum",
  audience: "",
  language: "English",
  versions: 3,
  websiteUrl: "https://example.com/shop",
  logoUrl: "",
  productImage: "/files/products/7/serum.png",
  productImageUrl: "",
  adsStartedBefore: "2026-11-01",
  headlineOptions: "AI Generated",
  customHeadline: "",
};

describe("schema helpers", () => {
  it("flattens sections in order", () => {
    expect(allFields(schema).map((f) => f.name)).toEqual([
      "productName",
      "audience",
      "language",
      "versions",
      "websiteUrl",
      "logoUrl",
      "productImage",
      "productImageUrl",
      "adsStartedBefore",
      "headlineOptions",
      "customHeadline",
    ]);
  });

  it("starts every field from its default or empty", () => {
    const values = initialValues(schema);
    expect(values.language).toBe("English");
    expect(values.versions).toBe(3);
    expect(values.headlineOptions).toBe("AI Generated");
    expect(values.productName).toBe("");
  });

  it("shows a showIf field only when the other field has the value", () => {
    const field = allFields(schema).find((f) => f.name === "customHeadline");
    expect(isVisible(field, { headlineOptions: "AI Generated" })).toBe(false);
    expect(isVisible(field, { headlineOptions: "Custom" })).toBe(true);
  });

  it("counts characters as n/max", () => {
    const field = allFields(schema)[0];
    expect(counterText(field, "Glow")).toBe("4/250");
    expect(counterText(field, undefined)).toBe("0/250");
  });

  it("counts and limits characters as the server does: an emoji is one, outer spaces are not sent", () => {
    const field = allFields(schema)[0];
    const emoji = "🎉".repeat(130);
    expect(counterText(field, emoji)).toBe("130/250");
    expect(isOverLimit(field, emoji)).toBe(false);
    expect(fieldError(field, emoji, {})).toBeNull();
    const padded = `${"a".repeat(250)}  `;
    expect(counterText(field, padded)).toBe("250/250");
    expect(isOverLimit(field, padded)).toBe(false);
    expect(isOverLimit(field, "a".repeat(251))).toBe(true);
    expect(fieldError(field, "🎉".repeat(251), {})).toBe(field.messages.maxLength);
  });

  it("accepts http(s) URLs with a real host only", () => {
    expect(isHttpUrl("https://example.com")).toBe(true);
    expect(isHttpUrl("http://localhost:8000/x")).toBe(true);
    expect(isHttpUrl("  https://example.com/a?b=c  ")).toBe(true);
    expect(isHttpUrl("ftp://example.com")).toBe(false);
    expect(isHttpUrl("example.com")).toBe(false);
    expect(isHttpUrl("https://exa mple.com")).toBe(false);
    expect(isHttpUrl("javascript:alert(1)")).toBe(false);
  });

  it("refuses URLs no request can be made to, as the server does", () => {
    expect(isHttpUrl("http://127.0.0.1:99999/")).toBe(false);
    expect(isHttpUrl("http://example.com:65536/")).toBe(false);
    expect(isHttpUrl("http://example.com:http/")).toBe(false);
    expect(isHttpUrl("http://[::1/")).toBe(false);
    expect(isHttpUrl("http://user:secret@example.com/")).toBe(false);
    expect(isHttpUrl("http://@example.com/")).toBe(false);
    expect(isHttpUrl("http://example.com:65535/")).toBe(true);
    expect(isHttpUrl("http://[2001:db8::1]:8080/a")).toBe(true);
    expect(isHttpUrl("https://example.com/a@b")).toBe(true);
  });
});

describe("validate", () => {
  it("passes a good form and drops hidden fields", () => {
    const { values, errors } = validate(schema, good);
    expect(errors).toEqual({});
    expect(values).not.toHaveProperty("customHeadline");
    expect(values.productName).toBe("Glow Serum");
  });

  it("reports required fields with the schema's message", () => {
    const { errors } = validate(schema, { ...good, productName: "   ", adsStartedBefore: "" });
    expect(errors.productName).toEqual(["Product name is required"]);
    expect(errors.adsStartedBefore).toEqual(["Date is required"]);
  });

  it("measures min and max length on trimmed text", () => {
    expect(validate(schema, { ...good, productName: " G " }).errors.productName).toEqual([
      "Product name must be at least 2 characters",
    ]);
    expect(validate(schema, { ...good, productName: "x".repeat(251) }).errors.productName).toEqual([
      "Product name must not exceed 250 characters",
    ]);
    expect(validate(schema, { ...good, productName: `  ${"x".repeat(250)}  ` }).errors).toEqual({});
    expect(validate(schema, { ...good, audience: "a".repeat(251) }).errors.audience).toEqual([
      "Audience must not exceed 250 characters",
    ]);
  });

  it("allows an empty optional URL and rejects a malformed one", () => {
    expect(validate(schema, { ...good, logoUrl: "" }).errors).toEqual({});
    expect(validate(schema, { ...good, logoUrl: "not a url" }).errors.logoUrl).toEqual(["Please enter a valid URL"]);
    expect(validate(schema, { ...good, websiteUrl: "example" }).errors.websiteUrl).toEqual(["Please enter a valid URL"]);
  });

  it("reads a website typed without its scheme as https://, as the server does, and sends that", () => {
    for (const [typed, sent] of [
      ["rosasbakery.co.uk", "https://rosasbakery.co.uk"],
      ["  www.rosasbakery.co.uk/menu?day=sat  ", "https://www.rosasbakery.co.uk/menu?day=sat"],
      ["shop.example.com:8443/#top", "https://shop.example.com:8443/#top"],
      ["münchen.example", "https://münchen.example"],
      ["8.8.8.8/status", "https://8.8.8.8/status"],
    ]) {
      const { values, errors } = validate(schema, { ...good, websiteUrl: typed });
      expect(errors).toEqual({});
      expect(values.websiteUrl).toBe(sent);
    }
    const { values, errors } = validate(schema, { ...good, productImage: "", productImageUrl: "cdn.example.com/p.png" });
    expect(errors).toEqual({});
    expect(values.productImageUrl).toBe("https://cdn.example.com/p.png");
    const image = allFields(schema).find((f) => f.name === "productImage");
    expect(fieldError(image, "cdn.example.com/p.png", {})).toBeNull();
  });

  it("still refuses what is not an address, with or without a scheme", () => {
    for (const typed of [
      "not a url",
      "http://",
      "https://",
      "example",
      "logo.png",
      "rosas bakery.co.uk",
      "alex@agency.test",
      "mailto:alex@agency.test",
      "javascript:alert(1)",
      "ftp://example.com/logo.png",
      "example.com:http/",
      "example.com.",
    ]) {
      expect(validate(schema, { ...good, websiteUrl: typed }).errors.websiteUrl).toEqual(["Please enter a valid URL"]);
      expect(withDefaultScheme(typed)).toBe(typed.trim());
    }
  });

  it("puts https:// only before a bare domain or IPv4 address", () => {
    expect(withDefaultScheme("agency.test")).toBe("https://agency.test");
    expect(withDefaultScheme("10.0.0.1")).toBe("https://10.0.0.1"); // then refused by the server as private
    expect(withDefaultScheme("http://agency.test")).toBe("http://agency.test");
    expect(withDefaultScheme("/files/products/7/a.png")).toBe("/files/products/7/a.png");
    expect(withDefaultScheme("xn--mnchen-3ya.de")).toBe("https://xn--mnchen-3ya.de");
  });

  it("requires a listed option for selects and radios", () => {
    expect(validate(schema, { ...good, language: "Klingon" }).errors.language).toEqual(["Please select a language"]);
    expect(validate(schema, { ...good, headlineOptions: "Loud" }).errors.headlineOptions).toEqual([
      "Please select a valid headline",
    ]);
  });

  it("requires whole numbers inside min..max", () => {
    expect(validate(schema, { ...good, versions: "5" }).errors).toEqual({});
    expect(validate(schema, { ...good, versions: 6 }).errors.versions).toHaveLength(1);
    expect(validate(schema, { ...good, versions: "2.5" }).errors.versions).toHaveLength(1);
    expect(validate(schema, { ...good, versions: 0 }).errors.versions).toHaveLength(1);
  });

  it("rejects impossible dates", () => {
    expect(validate(schema, { ...good, adsStartedBefore: "2026-02-30" }).errors.adsStartedBefore).toHaveLength(1);
    expect(validate(schema, { ...good, adsStartedBefore: "yesterday" }).errors.adsStartedBefore).toHaveLength(1);
  });

  it("takes dates written YYYY-MM-DD only, from 2000-01-01 to a year from today", () => {
    const today = new Date(2026, 10, 21);
    const field = { name: "day", label: "Day", type: "date", messages: { invalid: "Please enter a valid date" } };
    for (const text of ["2025-W01-1", "20250101", "2025-1-01", "2026-02-30"]) {
      expect(fieldError(field, text, {}, today)).toBe("Please enter a valid date");
    }
    for (const text of ["0001-01-01", "9999-12-31", "1999-12-31", "2027-11-23"]) {
      expect(fieldError(field, text, {}, today)).toBe("Please choose a date from 2000-01-01 to 2027-11-22");
    }
    for (const text of ["2000-01-01", "2025-01-31", "2026-11-21", "2027-11-22"]) {
      expect(fieldError(field, text, {}, today)).toBeNull();
    }
  });

  it("keeps a date field within the min and max its props carry, with their range message", () => {
    const field = {
      name: "day",
      label: "Day",
      type: "date",
      min: "2000-01-01",
      max: "2027-11-23",
      messages: {
        invalid: "Please enter a valid date",
        range: "Please choose a date from 1 January 2000 to 23 November 2027",
      },
    };
    const aDayLater = new Date(2026, 10, 30); // the browser's clock does not move the server's range
    expect(fieldError(field, "2027-11-23", {}, aDayLater)).toBeNull();
    expect(fieldError(field, "2027-11-24", {}, aDayLater)).toBe("Please choose a date from 1 January 2000 to 23 November 2027");
    expect(fieldError(field, "1999-12-31", {}, aDayLater)).toBe("Please choose a date from 1 January 2000 to 23 November 2027");
    expect(fieldError(field, "2099-13-01", {}, aDayLater)).toBe("Please enter a valid date");
  });

  it("refuses a URL field's port out of range with the field's message", () => {
    expect(validate(schema, { ...good, websiteUrl: "http://127.0.0.1:99999/" }).errors.websiteUrl).toEqual([
      "Please enter a valid URL",
    ]);
  });

  it("accepts an image by upload or by its paired URL, and wants one of them", () => {
    expect(validate(schema, { ...good, productImage: "", productImageUrl: "https://cdn.example.com/p.png" }).errors).toEqual({});
    expect(validate(schema, { ...good, productImage: "", productImageUrl: "" }).errors.productImage).toEqual([
      "Please provide a product image (upload or URL)",
    ]);
  });

  it("validates a showIf field once it is shown", () => {
    const { errors, values } = validate(schema, { ...good, headlineOptions: "Custom", customHeadline: "" });
    expect(errors.customHeadline).toEqual(["Custom Headline is required"]);
    expect(values).toHaveProperty("customHeadline");
  });

  it("takes an uploaded file's address or a pasted URL in an image field, nothing else", () => {
    const field = allFields(schema).find((f) => f.name === "productImage");
    expect(fieldError(field, "/files/products/7/a.png", {})).toBeNull();
    expect(fieldError(field, "/files/logos/12/ab-1.png", {})).toBeNull();
    expect(fieldError(field, "/files/generation-history/7/a.png", {})).toBe("Please enter a valid URL");
    expect(fieldError(field, "/etc/passwd", {})).toBe("Please enter a valid URL");
    expect(fieldError(field, "/images/product.png", {})).toBe("Please enter a valid URL");
    expect(fieldError(field, "https://cdn.example.com/a.png", {})).toBeNull();
    expect(fieldError(field, "//evil.example.com/a.png", {})).toBe("Please enter a valid URL");
    expect(fieldError(field, "a.png", {})).toBe("Please enter a valid URL");
  });

  it("accepts a hex code or a colour name in a colour field", () => {
    const field = {
      name: "primaryColor",
      label: "Primary Color",
      type: "color",
      required: true,
      maxLength: 250,
      messages: { required: "Primary color is required", invalid: "Primary color must be a hex code (#RRGGBB) or a colour name" },
    };
    expect(fieldError(field, "#59F7FF")).toBeNull();
    expect(fieldError(field, "#abc")).toBeNull();
    expect(fieldError(field, "light blue")).toBeNull();
    expect(fieldError(field, "")).toBe("Primary color is required");
    expect(fieldError(field, "#12345")).toBe("Primary color must be a hex code (#RRGGBB) or a colour name");
    expect(fieldError(field, "rgb(1,2,3)")).toBe("Primary color must be a hex code (#RRGGBB) or a colour name");
    // System colours paint on a canvas but are not named colours: the server refuses them too.
    expect(fieldError(field, "ButtonText")).toBe("Primary color must be a hex code (#RRGGBB) or a colour name");
    expect(fieldError(field, "Canvas Text")).toBe("Primary color must be a hex code (#RRGGBB) or a colour name");
    expect(fieldError(field, "currentColor")).toBe("Primary color must be a hex code (#RRGGBB) or a colour name");
  });

  it("wants a positive id in a hidden reference field", () => {
    const field = { name: "scrapeId", type: "hidden", required: true, messages: { required: "Please scrape the website first", invalid: "Please scrape the website first" } };
    expect(fieldError(field, "")).toBe("Please scrape the website first");
    expect(fieldError(field, 0)).toBe("Please scrape the website first");
    expect(fieldError(field, 12)).toBeNull();
  });

  it("checks length before URL shape, as the server does", () => {
    const field = { name: "u", label: "U", type: "url", maxLength: 10, messages: { maxLength: "too long", invalid: "bad" } };
    expect(fieldError(field, "https://example.com/long")).toBe("too long");
  });
});
