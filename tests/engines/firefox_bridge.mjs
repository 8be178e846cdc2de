// Firefox for the engine tests (tests/engines/firefox.py): Debian's firefox-esr
// driven over WebDriver BiDi by npm's puppeteer-core, which never downloads a
// browser. There is no geckodriver here, so Selenium cannot drive Firefox; this
// small bridge lets the Python tests do it instead.
//
//   node tests/engines/firefox_bridge.mjs /usr/bin/firefox-esr
//
// Protocol: one JSON request a line on stdin, {"id", "op", ...}; one JSON reply a
// line on stdout, {"id", "value"} or {"id", "error"}. Ops: goto, reload, click,
// tap, evaluate, problems, close. Logs go to stderr.
import { createInterface } from 'node:readline';
import puppeteer from 'puppeteer-core';

const executablePath = process.argv[2] ?? '/usr/bin/firefox-esr';
const NAVIGATION_TIMEOUT_MS = 90_000;

const browser = await puppeteer.launch({
  browser: 'firefox',
  executablePath,
  headless: true,
  defaultViewport: { width: 1280, height: 900 },
  // A fresh profile each launch (puppeteer makes a temporary one): a true first visit.
  extraPrefsFirefox: {
    // Never reach the network beyond the test server.
    'app.update.enabled': false,
    'browser.safebrowsing.malware.enabled': false,
    'browser.safebrowsing.phishing.enabled': false,
    'network.captive-portal-service.enabled': false,
  },
});
const page = await browser.newPage();
page.setDefaultTimeout(NAVIGATION_TIMEOUT_MS);

// What Firefox itself reports, beside the page's own record (recorder.js): console
// errors, including the browser's (a refused policy, a failed load), and uncaught
// exceptions.
const problems = [];
page.on('console', (message) => {
  if (message.type() === 'error') {
    const where = message.location();
    problems.push(`console error: ${message.text()} (${where.url ?? ''}:${where.lineNumber ?? ''})`);
  }
});
page.on('pageerror', (error) => problems.push(`page error: ${error.message ?? error}`));

const ops = {
  goto: async ({ url }) => {
    await page.goto(url, { waitUntil: 'domcontentloaded' });
  },
  reload: async () => {
    await page.reload({ waitUntil: 'domcontentloaded' });
  },
  click: async ({ selector }) => {
    await page.click(selector);
  },
  tap: async ({ selector }) => {
    await page.tap(selector);
  },
  // The expression is evaluated as a function body's return value, awaited.
  evaluate: async ({ expression }) => page.evaluate(`(async () => (${expression}))()`),
  problems: async () => problems.splice(0),
  close: async () => {
    await browser.close();
  },
};

const reply = (message) => process.stdout.write(`${JSON.stringify(message)}\n`);

// One request at a time, in order: the Python side waits for each reply.
for await (const line of createInterface({ input: process.stdin })) {
  if (!line.trim()) continue;
  const { id, op, ...args } = JSON.parse(line);
  try {
    const value = await ops[op](args);
    reply({ id, value: value ?? null });
    if (op === 'close') process.exit(0);
  } catch (error) {
    reply({ id, error: `${error?.name ?? 'Error'}: ${error?.message ?? error}` });
  }
}
// stdin closed without a close request (the tests died): never leave Firefox behind.
await browser.close().catch(() => {});
process.exit(0);
