import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ReportText, reportNodes } from "./ReportText.jsx";

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

  it("shows italics, code and web links, and never a link to anything but http(s)", () => {
    const report = show(
      "An *honest* _tone_, `CTA: Shop now`, see [their page](https://glow.example/spring) " +
        "and [this](javascript:alert(1)); 2*3*4 and snake_case_name stay.",
    );
    expect(report.textContent).toBe(
      "An honest tone, CTA: Shop now, see their page (opens in a new tab) and [this](javascript:alert(1)); 2*3*4 and snake_case_name stay.",
    );
    expect([...report.querySelectorAll("em")].map((node) => node.textContent)).toEqual(["honest", "tone"]);
    expect(report.querySelector("code").textContent).toBe("CTA: Shop now");
    const links = report.querySelectorAll("a");
    expect(links).toHaveLength(1);
    expect(links[0].getAttribute("href")).toBe("https://glow.example/spring");
    expect(links[0].getAttribute("rel")).toBe("noopener noreferrer nofollow");
  });

  it("shows bold italics and marks inside bold", () => {
    const report = show("**Offer: *20% off* today**");
    expect(report.querySelector("strong em").textContent).toBe("20% off");
    expect(report.textContent).toBe("Offer: 20% off today");
  });

  it("shows a table's rows as cells side by side, the header in bold, without its |---| line", () => {
    const report = show("| Ad | Hook |\n|---|:---:|\n| One | **Question** |\n| Two | Offer |\nAfter");
    expect(report.textContent).toBe("Ad · Hook\nOne · Question\nTwo · Offer\nAfter");
    expect([...report.querySelectorAll("strong")].map((node) => node.textContent)).toEqual([
      "Ad",
      "Hook",
      "Question",
    ]);
  });

  it("shows ***bold italics***, links with parentheses and code with a pipe in a table cell", () => {
    const report = show(
      "***Key*** [wiki](https://en.wikipedia.org/wiki/Foo_(bar)).\n| Code | Note |\n|---|---|\n| `a|b` | c |",
    );
    expect(report.querySelector("strong em").textContent).toBe("Key");
    expect(report.querySelector("a").getAttribute("href")).toBe("https://en.wikipedia.org/wiki/Foo_(bar)");
    expect(report.textContent).toBe("Key wiki (opens in a new tab).\nCode · Note\na|b · c");
  });

  it("reads texts made to be slow without stalling, and shows over-long lines as written", () => {
    // Each of these takes minutes with a backtracking pattern (quadratic or worse in the length);
    // read in linear time they take milliseconds, well inside the test's timeout.
    const hostile = [
      "# a" + " ".repeat(200_000) + "x",
      " *a".repeat(70_000),
      " _a".repeat(70_000),
      "**a ".repeat(50_000),
      "[".repeat(200_000),
      "|---" + " ".repeat(200_000) + "x",
      "-" + " -".repeat(100_000) + " x",
      ("**a " + "x".repeat(290) + " \n").repeat(600),
    ];
    for (const text of hostile) expect(reportNodes(text).length).toBeGreaterThan(0);
    const long = "**" + "a".repeat(3000) + "**";
    expect(show(long).textContent).toBe(long);
  });

  it("shows nothing for a missing text", () => {
    expect(show(undefined).textContent).toBe("");
  });
});
