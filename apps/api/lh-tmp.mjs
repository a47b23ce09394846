import lighthouse, { desktopConfig } from 'lighthouse';
import { launch } from 'chrome-launcher';
const url = process.argv[2];
const chrome = await launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new','--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--disable-sync','--no-first-run'], logLevel: 'silent' });
const r = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] }, desktopConfig);
const lhr = r.lhr;
console.log('score', lhr.categories.performance.score, lhr.runtimeError?.code ?? '', lhr.runtimeWarnings?.join(' | ') ?? '');
for (const id of ['first-contentful-paint','largest-contentful-paint','speed-index','total-blocking-time','cumulative-layout-shift','interactive'])
  console.log(id, lhr.audits[id].numericValue, lhr.audits[id].score);
const bd = lhr.audits['largest-contentful-paint-element']?.details;
console.log(JSON.stringify(bd?.items?.[1]?.items));
const chain = lhr.audits['network-requests']?.details?.items?.map(i => `${Math.round(i.networkRequestTime)}-${Math.round(i.networkEndTime)} ${i.resourceType} ${i.priority} ${i.transferSize} ${i.url.slice(0,100)}`);
console.log(chain?.join('\n'));
chrome.kill();
