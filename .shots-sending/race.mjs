import { chromium } from "playwright";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
const big = JSON.stringify('<table>' + '<tr><td style="padding:4px">x</td></tr>'.repeat(300) + '</table>');
for (const delay of [1, 10, 30, 50, 80, 120, 200]) {
  let stale = 0;
  for (let trial = 0; trial < 5; trial++) {
    const page = await browser.newPage();
    await page.setContent(`<div id=box></div><script>
      const big = ${big};
      const f = document.createElement('iframe'); f.setAttribute('sandbox', ''); f.srcdoc = '<p>A</p>' + big; document.getElementById('box').appendChild(f);
      setTimeout(() => { f.srcdoc = '<p>B</p>' + big; }, ${delay});
    </script>`);
    await page.waitForTimeout(800);
    const texts = await Promise.all(page.frames().slice(1).map((fr) => fr.evaluate(() => document.querySelector("p")?.innerText ?? "").catch(() => "ERR")));
    if (texts[0] !== "B") { stale++; if (trial === 0) console.log("  got", texts); }
    await page.close();
  }
  console.log(delay, "ms: stale", stale, "/ 5");
}
await browser.close();
