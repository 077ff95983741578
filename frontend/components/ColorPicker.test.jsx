import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { hexToRgb, normalizeHex, rgbToHex } from "../lib/color.js";
import ColorField from "./ColorField.jsx";
import ColorPicker, { startingHex } from "./ColorPicker.jsx";

describe("colour maths", () => {
  it("normalizes hex and converts both ways", () => {
    expect(normalizeHex("#ec4899")).toBe("#EC4899");
    expect(normalizeHex("#abc")).toBe("#AABBCC");
    expect(normalizeHex("EC4899")).toBeNull();
    expect(hexToRgb("#EC4899")).toEqual([236, 72, 153]);
    expect(rgbToHex(["236", "72", "153"])).toBe("#EC4899");
    expect(rgbToHex(["256", "0", "0"])).toBeNull();
    expect(rgbToHex(["-1", "0", "0"])).toBeNull();
  });

  it("starts from the value, else the field's default for an empty field", () => {
    expect(startingHex("#123456", "#EC4899")).toBe("#123456");
    expect(startingHex("", "#EC4899")).toBe("#EC4899");
    expect(startingHex("", undefined)).toBe("#000000");
  });
});

const CHANNELS = ["Red", "Green", "Blue"];

describe("ColorPicker", () => {
  it("opens on the documented default for an empty field and applies the hex", () => {
    const onApply = vi.fn();
    render(<ColorPicker label="Headline Color" value="" pickerDefault="#666666" onApply={onApply} onClose={() => {}} />);
    const dialog = screen.getByRole("dialog", { name: "Choose Headline Color" });
    expect(dialog).toBeTruthy();
    const hex = screen.getByLabelText("Hex");
    expect(hex.value).toBe("#666666");
    expect(document.activeElement).toBe(hex);
    expect(screen.getByLabelText("Red").value).toBe("102");
    fireEvent.click(screen.getByRole("button", { name: "Apply" }));
    expect(onApply).toHaveBeenCalledWith("#666666");
  });

  it("keeps hex and RGB in step and refuses values out of range", () => {
    const onApply = vi.fn();
    render(<ColorPicker label="Primary Color" value="#000000" onApply={onApply} onClose={() => {}} />);
    fireEvent.change(screen.getByLabelText("Hex"), { target: { value: "#EC4899" } });
    expect(screen.getByLabelText("Green").value).toBe("72");
    expect(screen.getByTestId("color-preview").style.backgroundColor).toBe("rgb(236, 72, 153)");

    fireEvent.change(screen.getByLabelText("Blue"), { target: { value: "300" } });
    expect(screen.getByText("Each RGB value must be a whole number from 0 to 255")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Apply" }).disabled).toBe(true);

    fireEvent.change(screen.getByLabelText("Blue"), { target: { value: "0" } });
    expect(screen.getByLabelText("Hex").value).toBe("#EC4800");

    fireEvent.change(screen.getByLabelText("Hex"), { target: { value: "#EC48" } });
    expect(screen.getByText("Enter # followed by six hex digits (0-9, A-F)")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Apply" }).disabled).toBe(true);
  });

  it("names the reason for each invalid box: the hex box's error, and the RGB error for all three", () => {
    render(
      <>
        <ColorPicker label="Primary Color" value="#000000" onApply={() => {}} onClose={() => {}} />
        <ColorPicker label="Secondary Color" value="#000000" onApply={() => {}} onClose={() => {}} />
      </>,
    );
    const [hex, otherHex] = screen.getAllByLabelText("Hex");
    const channels = CHANNELS.map((name) => screen.getAllByLabelText(name)[0]);
    const description = (el) => (el.getAttribute("aria-describedby") || "").split(" ").map((id) => document.getElementById(id)?.textContent);
    expect(hex.hasAttribute("aria-describedby")).toBe(false);
    expect(channels.some((el) => el.hasAttribute("aria-describedby"))).toBe(false);

    fireEvent.change(hex, { target: { value: "#EC48" } });
    fireEvent.change(otherHex, { target: { value: "nope" } });
    expect(description(hex)).toEqual(["Enter # followed by six hex digits (0-9, A-F)"]);
    expect(hex.getAttribute("aria-describedby")).not.toBe(otherHex.getAttribute("aria-describedby")); // one id per picker

    fireEvent.change(channels[2], { target: { value: "300" } });
    for (const channel of channels) {
      expect(description(channel)).toEqual(["Each RGB value must be a whole number from 0 to 255"]);
    }
  });

  it("closes on Escape and keeps Tab inside the dialog", () => {
    const onClose = vi.fn();
    render(<ColorPicker label="Primary Color" value="" onApply={() => {}} onClose={onClose} />);
    const dialog = screen.getByRole("dialog");
    const apply = screen.getByRole("button", { name: "Apply" });
    apply.focus();
    fireEvent.keyDown(dialog, { key: "Tab" });
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Close" }));
    fireEvent.keyDown(dialog, { key: "Tab", shiftKey: true });
    expect(document.activeElement).toBe(apply);
    fireEvent.keyDown(dialog, { key: "Escape" });
    expect(onClose).toHaveBeenCalled();
  });
});

describe("ColorField", () => {
  const field = { name: "primaryColor", label: "Primary Color", type: "color", required: true, pickerDefault: "#EC4899" };

  it("shows a swatch for a hex value and accepts a colour name as typed", () => {
    const onChange = vi.fn();
    const { rerender } = render(<ColorField id="c" field={field} value="#59F7FF" onChange={onChange} />);
    expect(screen.getByTestId("swatch-primaryColor").style.backgroundColor).toBe("rgb(89, 247, 255)");
    fireEvent.change(screen.getByRole("textbox"), { target: { value: "navy" } });
    expect(onChange).toHaveBeenCalledWith("navy");
    rerender(<ColorField id="c" field={field} value="navy" onChange={onChange} />);
    expect(screen.getByRole("textbox").value).toBe("navy");
  });

  it("names the Pick button starting with its visible text, then the field (WCAG 2.5.3 Label in Name)", () => {
    render(<ColorField id="c" field={field} value="" onChange={() => {}} />);
    const pick = screen.getByRole("button", { name: "Pick Primary Color" });
    expect(pick.textContent).toBe("Pick");
    expect(pick.getAttribute("aria-label").startsWith(pick.textContent)).toBe(true);
  });

  it("opens the picker from the field (its code loads on demand) and writes back the chosen hex", async () => {
    const onChange = vi.fn();
    render(<ColorField id="c" field={field} value="" onChange={onChange} />);
    fireEvent.click(screen.getByRole("button", { name: "Pick Primary Color" }));
    expect((await screen.findByLabelText("Hex")).value).toBe("#EC4899");
    fireEvent.click(screen.getByRole("button", { name: "Apply" }));
    expect(onChange).toHaveBeenCalledWith("#EC4899");
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});
