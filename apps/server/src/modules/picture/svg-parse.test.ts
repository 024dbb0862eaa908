import { describe, expect, it } from 'vitest';
import { svgRisk } from './image-types.ts';
import { SVG_MAX_NESTING } from './svg-parse.ts';

const risk = (svg: string) => svgRisk(Buffer.from(svg));
const SVG = 'xmlns="http://www.w3.org/2000/svg"';
const XHTML = 'http://www.w3.org/1999/xhtml';

describe('SVG filter on a namespace-aware parse (issue 30, finding 8)', () => {
  it.each([
    [`<svg ${SVG}><h:script xmlns:h="${XHTML}">alert(1)</h:script></svg>`, '脚本'],
    [`<svg ${SVG} xmlns:h="${XHTML}"><h:script>alert(1)</h:script></svg>`, '脚本'],
    [`<svg ${SVG}><x:script xmlns:x="urn:anything">alert(1)</x:script></svg>`, '脚本'],
    [`<s:svg xmlns:s="http://www.w3.org/2000/svg"><s:script>alert(1)</s:script></s:svg>`, '脚本'],
    [`<svg ${SVG}><SCRIPT>alert(1)</SCRIPT></svg>`, '脚本'],
    [`<svg ${SVG}><s:foreignObject xmlns:s="http://www.w3.org/2000/svg"/></svg>`, 'foreignObject'],
    [`<svg ${SVG}><q:foreignobject xmlns:q="urn:x"/></svg>`, 'foreignObject'],
    [`<svg ${SVG}><h:iframe xmlns:h="${XHTML}" src="https://x.invalid"/></svg>`, '嵌入的外部内容'],
    [`<svg ${SVG}><h:img xmlns:h="${XHTML}" src="x"/></svg>`, '非 SVG 的元素'],
    [`<svg ${SVG} xmlns:h="${XHTML}" h:onload="alert(1)"><rect/></svg>`, '事件属性'],
    [`<svg ${SVG}><image xmlns:q="urn:q" q:href="https://t.invalid/p.png"/></svg>`, '外部资源链接'],
    [`<?xml-stylesheet type="text/xsl" alternate="no"?><svg ${SVG}/>`, '处理指令'],
    [`<svg ${SVG}><rect></svg>`, '不是有效的 XML'],
  ])('refuses %s', (svg, why) => {
    expect(risk(svg)).toContain(why);
  });

  it('keeps clean drawings, editor metadata included', () => {
    expect(
      risk(
        `<?xml version="1.0" encoding="UTF-8"?><!-- made by hand --><svg ${SVG} xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" width="10" height="10"><metadata><rdf:RDF><rdf:Description/></rdf:RDF></metadata><inkscape:grid/><defs><linearGradient id="g"/></defs><use xlink:href="#g"/><image href="data:image/png;base64,AAAA"/><text>组织<![CDATA[架构]]></text></svg>`,
      ),
    ).toBeNull();
  });

  it('refuses a file nested deeper than it reads, and reads one just within the bound', () => {
    const nest = (n: number) => `<svg ${SVG}>${'<g>'.repeat(n)}${'</g>'.repeat(n)}</svg>`;
    expect(risk(nest(100_000))).toBe('层级过深');
    expect(risk(nest(SVG_MAX_NESTING - 1))).toBeNull();
    expect(risk(nest(SVG_MAX_NESTING))).toBe('层级过深');
    // Self-closing elements close again: many siblings are no depth.
    expect(risk(`<svg ${SVG}>${'<rect/>'.repeat(10_000)}</svg>`)).toBeNull();
  });
});
