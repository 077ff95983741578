import { fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { initialValues } from "../lib/schema.js";
import * as fieldWidgets from "./fieldWidgets.js";
import SchemaForm from "./SchemaForm.jsx";

const schema = {
  sections: [
    {
      title: "Basic Information",
      fields: [
        { name: "productName", label: "Product Name", type: "text", required: true, minLength: 2, maxLength: 250, counter: true, messages: {} },
        { name: "offer", label: "Offer", type: "textarea", maxLength: 250, counter: true, messages: {} },
        {
          name: "niche",
          label: "Niche",
          type: "select",
          required: false,
          placeholder: "Select a niche",
          options: [{ value: "Pets", label: "Pets" }],
          messages: {},
        },
        {
          name: "type",
          label: "Type",
          type: "radio",
          required: true,
          options: [
            { value: "Product", label: "Product", description: "A single product" },
            { value: "Brand", label: "Brand", description: "The brand as a whole" },
          ],
          messages: {},
        },
        { name: "scrapeId", label: "Website analysis", type: "hidden", required: true, messages: {} },
        { name: "adsStartedBefore", label: "Ads Started Before", type: "date", required: true, min: "2000-01-01", max: "2027-11-23", messages: {} },
      ],
    },
    {
      title: "Media Assets",
      fields: [
        { name: "productImageUpload", label: "Product Image", type: "image", required: true, upload: { bucket: "products", urlField: "productImageUrl" }, messages: {} },
        { name: "productImageUrl", label: "Product image URL", type: "url", pairedWith: "productImageUpload", messages: {} },
        { name: "logoUrl", label: "Logo", type: "image", upload: { bucket: "logos" }, messages: {} },
        { name: "headlineOptions", label: "Headline", type: "select", required: true, default: "AI Generated", options: ["AI Generated", "Custom"].map((v) => ({ value: v, label: v })), messages: {} },
        { name: "customHeadline", label: "Custom Headline", type: "text", required: true, maxLength: 250, showIf: { field: "headlineOptions", equals: "Custom" }, messages: {} },
      ],
    },
  ],
};

// As a creative tool's island does: its image widgets ship with the page.
function Harness({ errors = {}, start = {}, widgets = fieldWidgets }) {
  const [values, setValues] = useState({ ...initialValues(schema), ...start });
  return (
    <>
      <SchemaForm
        schema={schema}
        values={values}
        errors={errors}
        onChange={(name, value) => setValues((v) => ({ ...v, [name]: value }))}
        uploadUrl="/api/uploads/"
        widgets={widgets}
      />
      <output data-testid="values">{JSON.stringify(values)}</output>
    </>
  );
}
const values = () => JSON.parse(screen.getByTestId("values").textContent);

describe("SchemaForm", () => {
  it("renders every visible field with a visible label and its documented name", () => {
    render(<Harness />);
    expect(screen.getByRole("heading", { name: "Basic Information" })).toBeTruthy();
    expect(screen.getByLabelText(/Product Name/).getAttribute("name")).toBe("productName");
    expect(screen.getByLabelText(/Offer/).getAttribute("name")).toBe("offer");
    expect(screen.getByLabelText(/Niche/).getAttribute("name")).toBe("niche");
    expect(screen.getByRole("option", { name: "Select a niche" })).toBeTruthy();
    expect(screen.getByRole("radio", { name: /^Product/ }).getAttribute("name")).toBe("type");
    expect(screen.getByLabelText("or paste the product image URL").getAttribute("name")).toBe("productImageUrl");
    expect(document.querySelector("input[type=file][name=productImageUpload]")).not.toBeNull();
    expect(screen.getByLabelText("or paste the logo URL").getAttribute("name")).toBe("logoUrl");
    expect(document.querySelector("[name=scrapeId]")).toBeNull();
  });

  it("loads the upload widget on demand when the page did not ship it", async () => {
    render(<Harness widgets={undefined} />);
    expect(screen.getByLabelText("or paste the product image URL").getAttribute("name")).toBe("productImageUrl");
    await screen.findByText("Upload product image");
    expect(document.querySelector("input[type=file][name=productImageUpload]")).not.toBeNull();
  });

  it("marks required and optional fields", () => {
    render(<Harness />);
    expect(screen.getByText("Product Name").parentElement.textContent).toContain("(required)");
    expect(screen.getByText("Offer").parentElement.textContent).toContain("(optional)");
  });

  it("counts characters as n/250", () => {
    render(<Harness />);
    fireEvent.change(screen.getByLabelText(/Product Name/), { target: { value: "Glow" } });
    expect(screen.getByText("4/250")).toBeTruthy();
  });

  it("shows a field's errors under it and points the input at them", () => {
    render(<Harness errors={{ productName: ["Product name must be at least 2 characters"] }} />);
    const input = screen.getByLabelText(/Product Name/);
    expect(input.getAttribute("aria-invalid")).toBe("true");
    const describedBy = input.getAttribute("aria-describedby").split(" ");
    expect(document.getElementById(describedBy[0]).textContent).toBe("Product name must be at least 2 characters");
  });

  it("lets a date input offer only the days the server takes", () => {
    render(<Harness />);
    const input = screen.getByLabelText(/Ads Started Before/);
    expect(input.getAttribute("type")).toBe("date");
    expect(input.getAttribute("min")).toBe("2000-01-01");
    expect(input.getAttribute("max")).toBe("2027-11-23");
  });

  it("lets text a user writes follow its own direction, and keeps URLs, dates and lists left to right", () => {
    render(<Harness />);
    expect(screen.getByLabelText(/Product Name/).getAttribute("dir")).toBe("auto");
    expect(screen.getByLabelText(/Offer/).getAttribute("dir")).toBe("auto");
    for (const name of ["productImageUrl", "adsStartedBefore", "niche"]) {
      expect(document.querySelector(`[name=${name}]`).hasAttribute("dir"), name).toBe(false);
    }
  });

  it("shows a Custom field only when its option is Custom", () => {
    render(<Harness />);
    expect(screen.queryByLabelText(/Custom Headline/)).toBeNull();
    fireEvent.change(screen.getByLabelText(/^Headline/), { target: { value: "Custom" } });
    expect(screen.getByLabelText(/Custom Headline/).getAttribute("name")).toBe("customHeadline");
  });

  it("clears an upload when a URL is typed for the same image", () => {
    render(<Harness start={{ productImageUpload: "/files/products/1/p.png" }} />);
    expect(screen.getByAltText("Product Image preview")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("or paste the product image URL"), { target: { value: "https://cdn.example.com/p.png" } });
    expect(values().productImageUpload).toBe("");
    expect(values().productImageUrl).toBe("https://cdn.example.com/p.png");
    expect(screen.queryByAltText("Product Image preview")).toBeNull();
  });

  it("shows a pasted URL's error under the URL input, and leaves the upload box unmarked", () => {
    render(<Harness start={{ logoUrl: "ftp://example.com/logo.png" }} errors={{ logoUrl: ["Please enter a valid URL"] }} />);
    const box = screen.getByLabelText("or paste the logo URL");
    const error = screen.getByText("Please enter a valid URL");
    expect(box.getAttribute("aria-invalid")).toBe("true");
    expect(box.getAttribute("aria-describedby")).toBe(error.id);
    expect(box.parentElement.contains(error)).toBe(true); // the URL's column
    const upload = screen.getByLabelText(/Upload logo/);
    expect(upload.getAttribute("aria-invalid")).toBeNull();
    expect(upload.closest(".min-w-0").contains(error)).toBe(false);
  });

  it("shows an upload's error under the upload, and 'upload or URL' under both", () => {
    const message = "Please provide a product image (upload or URL)";
    const { unmount } = render(<Harness errors={{ productImageUpload: [message] }} />);
    const group = screen.getByRole("group", { name: /Product Image/ });
    expect(screen.getByText(message).parentElement).toBe(group);
    expect(screen.getByLabelText(/Upload product image/).getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByLabelText("or paste the product image URL").getAttribute("aria-invalid")).toBe("false");
    unmount();

    render(<Harness start={{ logoUrl: "/files/logos/1/l.png" }} errors={{ logoUrl: ["This image is no longer available"] }} />);
    const error = screen.getByText("This image is no longer available");
    expect(screen.getByAltText("Logo preview").closest(".min-w-0").contains(error)).toBe(true);
    expect(screen.getByLabelText("or paste the logo URL").getAttribute("aria-invalid")).toBe("false");
  });

  it("keeps a single-field image's upload out of the URL box and replaces it with a typed URL", () => {
    render(<Harness start={{ logoUrl: "/files/logos/1/l.png" }} />);
    const box = screen.getByLabelText("or paste the logo URL");
    expect(box.value).toBe("");
    expect(screen.getByAltText("Logo preview")).toBeTruthy();
    fireEvent.change(box, { target: { value: "https://cdn.example.com/l.png" } });
    expect(values().logoUrl).toBe("https://cdn.example.com/l.png");
    expect(screen.queryByAltText("Logo preview")).toBeNull();
  });
});
