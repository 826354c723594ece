import { EMBED_POLICY, INLINE_POLICY, plainText, sanitizeHtml } from "./sanitize";

describe("sanitizeHtml with the paragraph policy", () => {
  it("keeps the inline formatting of a paragraph", () => {
    const html =
      "El <b>Gobierno</b> y el <strong>Congreso</strong> <i>acordaron</i> <em>hoy</em> <u>la</u> reforma<br>H<sub>2</sub>O x<sup>2</sup> <span>fin</span>";
    expect(sanitizeHtml(html)).toBe(html);
  });

  it("removes scripts with their text, event handlers and javascript: links", () => {
    const out = sanitizeHtml(
      'Hola <script>alert("x")</script><img src=x onerror="alert(1)"><a href="javascript:alert(1)" onclick="x()">enlace</a> <b onmouseover="y()">fin</b>',
    );
    expect(out).toBe("Hola <a>enlace</a> <b>fin</b>");
    expect(out).not.toMatch(/script|onerror|onclick|onmouseover|javascript|alert/i);
  });

  it("sees through entity and whitespace tricks in URLs", () => {
    expect(sanitizeHtml('<a href="jav&#x61;script:alert(1)">a</a>')).toBe("<a>a</a>");
    expect(sanitizeHtml('<a href="java\tscript:alert(1)">a</a>')).toBe("<a>a</a>");
    expect(sanitizeHtml('<a href="javascript&colon;alert(1)">a</a>')).toBe("<a>a</a>");
    expect(sanitizeHtml('<a href="  JAVASCRIPT:alert(1)">a</a>')).toBe("<a>a</a>");
  });

  it("keeps safe links and makes new-tab links noopener", () => {
    expect(sanitizeHtml('<a href="https://www.semana.com/nacion/" target="_blank" rel="opener">Semana</a>')).toBe(
      '<a href="https://www.semana.com/nacion/" target="_blank" rel="noopener noreferrer">Semana</a>',
    );
    expect(sanitizeHtml('<a href="/politica/" title="Ver">Política</a>')).toBe('<a href="/politica/" title="Ver">Política</a>');
  });

  it("drops other tags but keeps their text, and closes what it opened", () => {
    expect(sanitizeHtml('<p style="x">Uno <div>dos</div></p>')).toBe("Uno dos");
    expect(sanitizeHtml("<b>sin cerrar <i>cursiva")).toBe("<b>sin cerrar <i>cursiva</i></b>");
    expect(sanitizeHtml("cierra </b></div> de más")).toBe("cierra  de más");
  });

  it("keeps text that merely looks like markup harmless", () => {
    expect(sanitizeHtml("3 < 5 y 7 > 2")).toBe("3 &lt; 5 y 7 &gt; 2");
    expect(sanitizeHtml("a <!-- comentario --> b")).toBe("a  b");
    expect(sanitizeHtml('<a title="x > y" href="/z">z</a>')).toBe('<a title="x &gt; y" href="/z">z</a>');
  });

  it("drops unterminated and nested dropped elements entirely", () => {
    expect(sanitizeHtml("a<script>never closed")).toBe("a");
    expect(sanitizeHtml("a<svg><svg><script>x</script></svg><b>in</b></svg>b")).toBe("ab");
    expect(sanitizeHtml("a<style>b{}</style>c")).toBe("ac");
  });
});

describe("sanitizeHtml with the embed policy", () => {
  it("keeps a tweet's markup and drops its script", () => {
    const tweet =
      '<blockquote class="twitter-tweet" data-lang="es"><p lang="es" dir="ltr">Texto</p>&mdash; Semana (@RevistaSemana) <a href="https://twitter.com/RevistaSemana/status/1">1 de enero</a></blockquote>\n<script async src="//platform.twitter.com/widgets.js" charset="utf-8"></script>';
    const out = sanitizeHtml(tweet, EMBED_POLICY);
    expect(out).toContain('<blockquote class="twitter-tweet" data-lang="es">');
    expect(out).toContain('<a href="https://twitter.com/RevistaSemana/status/1">');
    expect(out).not.toMatch(/<script|widgets\.js/);
  });

  it("keeps web iframes (lazily) and refuses others", () => {
    expect(sanitizeHtml('<iframe src="https://player.vimeo.com/video/1" width="640" allowfullscreen onload="x()"></iframe>', EMBED_POLICY)).toBe(
      '<iframe src="https://player.vimeo.com/video/1" width="640" allowfullscreen loading="lazy"></iframe>',
    );
    expect(sanitizeHtml('<iframe src="javascript:alert(1)"></iframe>', EMBED_POLICY)).toBe('<iframe loading="lazy"></iframe>');
    expect(sanitizeHtml('<iframe src="data:text/html,<script>alert(1)</script>"></iframe>', EMBED_POLICY)).not.toMatch(/data:|script/);
  });

  it("drops dangerous styles, objects and forms", () => {
    expect(sanitizeHtml('<div style="background:url(javascript:x)">a</div>', EMBED_POLICY)).toBe("<div>a</div>");
    expect(sanitizeHtml('<div style="color: red">a</div>', EMBED_POLICY)).toBe('<div style="color: red">a</div>');
    expect(sanitizeHtml('<object data="x.swf"><embed src="x.swf"></object>ok', EMBED_POLICY)).toBe("ok");
    expect(sanitizeHtml('<form action="/x"><input name="a">ok</form>', EMBED_POLICY)).toBe("ok");
  });
});

describe("plainText", () => {
  it("strips markup and decodes entities", () => {
    expect(plainText("<b>Arroz</b> con &amp; sin  <i>pollo</i> &aacute;")).toBe("Arroz con & sin pollo á");
    expect(plainText(undefined)).toBe("");
  });
});

describe("policies", () => {
  it("the paragraph policy allows exactly the inline tags", () => {
    expect(Object.keys(INLINE_POLICY.tags).sort()).toEqual(["a", "b", "br", "em", "i", "span", "strong", "sub", "sup", "u"]);
  });
});
