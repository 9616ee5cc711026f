/*
 * The anchors the grid bench sets the product's figures against, measured in the same chromium
 * and the same run on the same server and lines: the wire read of the list (a plain reader in a
 * page) and bare AG Grid Community over the same line objects (grid-anchors.page.ts), its first
 * render and a text sort.
 */
import { join } from 'node:path';
import { build } from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { API } from '../src/shared/api';

/** The Element Timing name both pages give the first rows' elements, whose paint the browser then reports. */
export const FIRST_ROWS = 'first-rows';

/** Where the anchors' page is served, on the product's origin. */
const PATH = '/bench-anchors';

/** The page's script: the anchors and the product's AG Grid and line decoder, bundled as the product's build would. */
async function pageScript(): Promise<string> {
  const result = await build({
    entryPoints: [join(__dirname, 'grid-anchors.page.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    minify: true,
    target: 'es2022',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  });
  return result.outputFiles[0].text;
}

interface Anchors {
  readWire(path: string, authorization: string, decode: boolean): Promise<{ ms: number; firstPage: number; bytes: number; lines: number }>;
  render(name: string): Promise<{ firstRow: number; painted: number; rows: number }>;
  columns: number;
  ready: number;
}

type AnchorWindow = { __anchors: Anchors };

export interface AnchorRun {
  /** The list read and decoded into line objects (`firstPage`: its first page decoded). */
  wire: { ms: number; firstPage: number; bytes: number; lines: number };
  /** The same list's bytes only, read again. */
  bytesOnly: { ms: number; bytes: number };
  /** createGrid over the lines to its first row in the DOM, and to the first rows painted. */
  render: { firstRow: number; painted: number; rows: number };
  columns: number;
  /** From the page's navigation to AG Grid's code evaluated (the page is served by the bench, from memory). */
  ready: number;
}

/**
 * Opens a page of the anchors on the product's origin: `scripts` are installed before its own
 * (the bench's long-task monitor), and it is served by the bench, not the product.
 */
export async function anchorPage(browser: Browser, base: string, scripts: string[]): Promise<{ page: Page; open: () => Promise<void> }> {
  const script = await pageScript();
  const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
  for (const init of scripts) await page.addInitScript(init);
  const html = `<!doctype html><html><head><meta charset="utf-8"><title>anchors</title></head><body style="margin:0"><main><div id="grid" style="height:1000px"></div></main><script>${script.replaceAll('</script', '<\\/script')}</script></body></html>`;
  await page.route(`${base}${PATH}`, (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html }));
  return { page, open: async () => void (await page.goto(`${base}${PATH}`)) };
}

/** One run on a fresh page: the wire read (bytes only, then decoded), then bare AG Grid built over the lines read. */
export async function anchorRun(page: Page, open: () => Promise<void>, authorization: string): Promise<AnchorRun> {
  await open();
  // Each function runs in the page, where the anchors' page put `__anchors`.
  const read = (decode: boolean) => page.evaluate(([path, auth, decode]) => (window as unknown as AnchorWindow).__anchors.readWire(path, auth, decode), [API.orders, authorization, decode] as const);
  const bytesOnly = await read(false);
  const wire = await read(true);
  const render = await page.evaluate((name) => (window as unknown as AnchorWindow).__anchors.render(name), FIRST_ROWS);
  const { columns, ready } = await page.evaluate(() => {
    const { columns, ready } = (window as unknown as AnchorWindow).__anchors;
    return { columns, ready };
  });
  return { wire, bytesOnly, render, columns, ready };
}
