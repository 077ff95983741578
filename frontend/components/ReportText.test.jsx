import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ReportText } from "./ReportText.jsx";

const show = (text) => render(<ReportText text={text} data-testid="report" />).getByTestId("report");

describe("ReportText", () => {
  it("shows headings and bold text as bold, without their marks", () => {
    const report = show("## Hook\nThe ad opens with **a question** and __a promise__.");
    expect(report.textContent).toBe("Hook\nThe ad opens with a question and a promise.");
    expect([...report.querySelectorAll("strong")].map((node) => node.textContent)).toEqual([
      "Hook",
      "a question",
      "a promise",
    ]);
  });

  it("shows list items with a bullet and drops separator lines", () => {
    const report = show("Strengths:\n- Clear offer\n  * Social proof\n---\nDone");
    expect(report.textContent).toBe("Strengths:\n• Clear offer\n  • Social proof\n\nDone");
  });

  it("never reads the text as HTML", () => {
    const report = show("<img src=x onerror=alert(1)> **<b>not bold html</b>**");
    expect(report.querySelector("img, b")).toBeNull();
    expect(report.textContent).toBe("<img src=x onerror=alert(1)> <b>not bold html</b>");
  });

  it("leaves double underscores inside words as written (account handles, snake_case)", () => {
    const text = "Top accounts: @glow__naturals and @skin__care_co run most ads; __this__ is bold.";
    const report = show(text);
    expect(report.textContent).toBe("Top accounts: @glow__naturals and @skin__care_co run most ads; this is bold.");
    expect([...report.querySelectorAll("strong")].map((node) => node.textContent)).toEqual(["this"]);
  });

  it("leaves texts without marks as they are", () => {
    const text = "Price: 2 * 3 = 6, not **\nA #hashtag and a - dash";
    expect(show(text).textContent).toBe(text);
    expect(screen.getByTestId("report").querySelector("strong")).toBeNull();
  });

  it("shows nothing for a missing text", () => {
    expect(show(undefined).textContent).toBe("");
  });
});
