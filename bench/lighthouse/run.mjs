// One Lighthouse run for bench/frontend.py: `node run.mjs URL OUTPUT.json [COOKIE_HEADER]`.
// Signed-in pages need the session as a real browser cookie (a Cookie request header given to
// Lighthouse does not reach the page's own fetch() calls), so the cookie is set through
// puppeteer first and Lighthouse is told not to clear storage.
import { writeFileSync } from "node:fs";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import puppeteer from "puppeteer-core";

const [url, outputPath, cookieHeader] = process.argv.slice(2);
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH || "/usr/bin/chromium",
  chromeFlags: [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
});
try {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const page = await browser.newPage();
  if (cookieHeader) {
    const cookies = cookieHeader.split(";").map((pair) => {
      const [name, ...value] = pair.trim().split("=");
      return { name, value: value.join("="), url };
    });
    await page.setCookie(...cookies);
  }
  const result = await lighthouse(
    url,
    {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
      disableStorageReset: Boolean(cookieHeader),
    },
    undefined,
    page,
  );
  writeFileSync(outputPath, result.report);
  await browser.disconnect();
} finally {
  await chrome.kill();
}
