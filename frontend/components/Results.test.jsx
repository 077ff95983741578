import { fireEvent, render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ContentPolicyCard, CreditsBar, FailurePanel, SubmitButton } from "./Cards.jsx";
import { CopyVariations, CreativeResult, ScrapeResults, SocialCopyResult, SpyResults } from "./Results.jsx";

describe("CreativeResult", () => {
  it("caps the image at 600 px, downloads under its title and marks custom text", () => {
    render(<CreativeResult output={{ image: "/files/x.png", engine: "demo" }} title="Generated Meta Creative" edited editLabel="Add Text" onEditText={() => {}} downloadName="meta-creative" />);
    expect(screen.getByTestId("creative-image").className).toContain("max-h-[600px]");
    expect(screen.getByTitle("Download image").textContent).toBe("Download");
    expect(screen.getByRole("button", { name: "Add Text" })).toBeTruthy();
    expect(screen.getByTestId("custom-text-badge").textContent).toBe("With Custom Text");
    expect(screen.getByTestId("demo-badge").textContent).toBe("Demo engine");
  });

  it("shows a placeholder when the generated image fails to load", () => {
    render(<CreativeResult output={{ image: "/files/gone.png" }} title="Generated Social Media Content" downloadName="social-media-creative" />);
    const image = screen.getByTestId("creative-image");
    fireEvent.error(image);
    expect(image.getAttribute("src")).toMatch(/^data:image\/svg\+xml/);
    expect(image.getAttribute("alt")).toBe("Generated image unavailable");
    expect(screen.queryByTestId("custom-text-badge")).toBeNull();
    expect(screen.queryByRole("button", { name: "Add Text" })).toBeNull();
  });
});

describe("SpyResults", () => {
  it("shows the general analysis and up to five top ads with safe snapshot links", () => {
    const topAds = [1, 2, 3, 4, 5, 6].map((rank) => ({ rank, analysis: `Ad ${rank}`, snapshotUrl: `https://example.com/${rank}` }));
    render(<SpyResults output={{ generalAnalysis: "Comfort wins.", topAds, engine: "webhook", demo: false }} />);
    expect(screen.getByText("General Analysis")).toBeTruthy();
    expect(screen.getByText("Top Performing Ads Analysis")).toBeTruthy();
    const ads = screen.getAllByTestId("top-ad");
    expect(ads).toHaveLength(5);
    const link = within(ads[0]).getByRole("link");
    expect(link.getAttribute("target")).toBe("_blank");
    expect(link.getAttribute("rel")).toBe("noopener noreferrer");
  });

  it("shows the analyses' Markdown as formatting", () => {
    const general = "## Hook\nThey lead with **comfort**.";
    render(<SpyResults output={{ generalAnalysis: general, topAds: [{ rank: 1, analysis: "- Clear **offer**" }] }} />);
    const analysis = screen.getByTestId("general-analysis");
    expect(analysis.textContent).toBe("Hook\nThey lead with comfort.");
    expect([...analysis.querySelectorAll("strong")].map((node) => node.textContent)).toEqual(["Hook", "comfort"]);
    expect(within(screen.getByTestId("top-ad")).getByText("offer").tagName).toBe("STRONG");
  });
});

describe("CopyVariations", () => {
  it("groups each term with its description only, the Copy button inside the description (a valid dl, WCAG 1.3.1)", () => {
    const { container } = render(<CopyVariations output={{ variations: [{ headline: "Glow up", description: "Vitamin C serum", primaryText: "Shop now" }] }} />);
    const groups = [...container.querySelector("dl").children];
    expect(groups.map((group) => [group.tagName, ...[...group.children].map((child) => child.tagName)])).toEqual([
      ["DIV", "DT", "DD"],
      ["DIV", "DT", "DD"],
      ["DIV", "DT", "DD"],
    ]);
    expect(screen.getAllByRole("term").map((term) => term.textContent)).toEqual(["Headline", "Description", "Primary Text"]);
    const copy = screen.getByRole("button", { name: "Copy headline of variation 1" });
    expect(copy.closest("dd").querySelector("p").textContent).toBe("Glow up");
  });
});

describe("ScrapeResults", () => {
  it("shows the key/value fields when there is no report", () => {
    render(<ScrapeResults output={{ fields: { Brand: "Glow", Price: "$29" }, websiteUrl: "https://glow.example" }} />);
    expect(screen.getByText("Website Analysis Results")).toBeTruthy();
    expect(within(screen.getByTestId("scrape-fields")).getByText("$29")).toBeTruthy();
  });

  it("shows a value that is not text as JSON, as its copied text does", () => {
    render(<ScrapeResults output={{ fields: { Products: ["serum", "toner"], Address: { city: "Lisbon" } } }} />);
    const fields = screen.getByTestId("scrape-fields");
    expect(within(fields).getByText('["serum","toner"]')).toBeTruthy();
    expect(within(fields).getByText('{"city":"Lisbon"}')).toBeTruthy();
    expect(fields.textContent).not.toContain("[object Object]");
  });
});

describe("cards", () => {
  it("lists the six banned content categories", () => {
    render(<ContentPolicyCard />);
    expect(screen.getByText("Content Not Allowed in Generated Images")).toBeTruthy();
    expect(screen.getAllByRole("listitem")).toHaveLength(6);
  });

  it("reads the busy label while running and shows a free step without a price", () => {
    const { rerender } = render(<SubmitButton label="Scrape Site" busyLabel="Scraping..." cost={0} balance={0} busy={false} />);
    expect(screen.getByRole("button").textContent).toBe("Scrape Site");
    rerender(<SubmitButton label="Start Spy Analysis" busyLabel="Analyzing..." cost={50} balance={100} busy />);
    expect(screen.getByRole("button").textContent).toBe("Analyzing...");
    expect(screen.getByRole("button").disabled).toBe(true);
  });

  it("offers a way to get credits beside the disabled button when the balance is short", () => {
    const { rerender } = render(<SubmitButton label="Generate Copy" busyLabel="Generating..." cost={20} balance={5} busy={false} billingUrl="/billing" />);
    expect(screen.getByRole("button").textContent).toBe("Insufficient Credits (20 required)");
    expect(screen.getByRole("button").disabled).toBe(true);
    expect(screen.getByText(/You have/).textContent).toBe("You have 5 credits.");
    expect(screen.getByRole("link", { name: "Get more credits" }).getAttribute("href")).toBe("/billing");
    rerender(<SubmitButton label="Generate Copy" busyLabel="Generating..." cost={20} balance={20} busy={false} billingUrl="/billing" />);
    expect(screen.queryByRole("link")).toBeNull();
  });

  it("links to Billing from the credits bar only while the balance is short of the cost", () => {
    const { rerender } = render(<CreditsBar balance={0} cost={80} billingUrl="/en/billing" />);
    expect(screen.getByRole("link", { name: "Get more credits" }).getAttribute("href")).toBe("/en/billing");
    rerender(<CreditsBar balance={80} cost={80} billingUrl="/en/billing" />);
    expect(screen.queryByRole("link")).toBeNull();
  });
});

// A tracking URL's query has no break opportunity: without overflow-wrap:anywhere on the text's
// container it widens the card, the grid column and the page (390 px phones scrolled sideways).
// jsdom has no layout, so this checks the contract; the browser test measures the page.
describe("long unbroken text in results", () => {
  const TOKEN = `utm_source=${"campaign_parameter_value_".repeat(6)}`;

  function expectEveryTokenWraps() {
    const holders = screen.getAllByText((_, element) => [...element.childNodes].some((node) => node.nodeType === 3 && node.textContent.includes(TOKEN)));
    expect(holders.length).toBeGreaterThan(0);
    for (const element of holders) expect(element.closest(".wrap-anywhere")).not.toBeNull();
  }

  it("wraps inside every result view", () => {
    const views = [
      <CopyVariations output={{ variations: [{ headline: TOKEN, description: TOKEN, primaryText: `Shop now: ${TOKEN}` }] }} />,
      <SocialCopyResult output={{ socialMediaCopy: `New in: ${TOKEN}` }} />,
      <SpyResults output={{ generalAnalysis: TOKEN, topAds: [{ rank: 1, analysis: TOKEN }] }} />,
      <ScrapeResults output={{ report: `Description: ${TOKEN}` }} />,
      <ScrapeResults output={{ fields: { [TOKEN]: TOKEN } }} />,
      <FailurePanel title="Scraping Failed" message={`Error: could not read ${TOKEN}`} />,
    ];
    for (const view of views) {
      const { unmount } = render(view);
      expectEveryTokenWraps();
      unmount();
    }
  });
});

describe("right-to-left text in results", () => {
  const HEBREW = "סרום ויטמין C לעור זוהר";

  it("gives every piece of generated text its own direction (dir=auto), so Hebrew reads from the right", () => {
    const views = [
      <CopyVariations output={{ variations: [{ headline: HEBREW, description: HEBREW, primaryText: HEBREW }] }} />,
      <SocialCopyResult output={{ socialMediaCopy: HEBREW }} />,
      <SpyResults output={{ generalAnalysis: HEBREW, topAds: [{ rank: 1, analysis: HEBREW }] }} />,
      <ScrapeResults output={{ report: HEBREW }} />,
      <ScrapeResults output={{ fields: { [`${HEBREW}:`]: HEBREW } }} />,
    ];
    for (const view of views) {
      const { unmount } = render(view);
      const holders = screen.getAllByText((_, element) => [...element.childNodes].some((node) => node.nodeType === 3 && node.textContent.includes(HEBREW)));
      expect(holders.length).toBeGreaterThan(0);
      for (const element of holders) expect(element.getAttribute("dir"), element.outerHTML).toBe("auto");
      unmount();
    }
  });
});
