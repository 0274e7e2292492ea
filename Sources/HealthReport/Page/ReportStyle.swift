import HealthExport

/// The page's own style and script, inline: nothing is fetched. The colours are the Okabe–Ito
/// palette; lines also differ by dash and marker, so that a grey-scale print keeps them apart.
enum ReportStyle {
  /// The page's style sheet: `page` and, for print, the disclaimer in the foot of every page.
  static let css = page + printed

  /// The CSV's disclaimer lines as the foot of each printed page says them, one under another.
  private static let pageFoot = CSVExport.disclaimer.split(separator: "\n").map { $0.dropFirst(4) }.joined(
    separator: "\\A ")

  private static let printed = """
    @media print{
      @page{margin:14mm 14mm 22mm;@bottom-left{content:"\(pageFoot)";white-space:pre-wrap;font:7pt/1.35 system-ui,sans-serif;color:#555;vertical-align:top;padding-top:3mm}@bottom-right{content:counter(page) " / " counter(pages);font:8pt system-ui,sans-serif;color:#555;vertical-align:top;padding-top:3mm}}
      body{font-size:10pt}
      main{max-width:none;padding:0}
      header,section>p.note{max-width:none}
      h2{break-after:avoid}
      .figures{display:block}
      figcaption,ul.legend,svg.chart,figure.small,tr{break-inside:avoid}
      figcaption,ul.legend{break-after:avoid}
      summary{display:none}
      .scroll{max-height:none;overflow:visible;border:none}
      details::details-content{content-visibility:visible;display:block}
      th{position:static}
      svg.wide{display:block}svg.narrow{display:none}
      circle:hover,.mark path:hover,.mark rect:hover,.bar rect:hover{stroke-width:1}
      footer{break-inside:avoid}
    }
    """

  private static let page = """
    :root{--ink:#1a1a1a;--muted:#555;--rule:#d0d0d0;--grid:#e6e6e6;--paper:#fff;--band:#e3e3e3}
    *{box-sizing:border-box}
    html{-webkit-text-size-adjust:100%;text-size-adjust:100%}
    body{margin:0;background:var(--paper);color:var(--ink);font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
    main{max-width:1260px;margin:0 auto;padding:16px}
    h1{font-size:1.7rem;margin:.3em 0 .1em}
    h2{font-size:1.3rem;margin:1.6em 0 .3em;padding-top:.6em;border-top:2px solid var(--ink)}
    h3{font-size:1.05rem;margin:0}
    h4{font-size:.95rem;margin:0}
    p{margin:.3em 0}
    .range{font-size:1.1rem;font-weight:600}
    .note{color:var(--muted);font-size:.9rem}
    dl.facts{display:grid;grid-template-columns:max-content 1fr;gap:.2em 1em;margin:.6em 0}
    dl.facts dt{color:var(--muted)}
    dl.facts dd{margin:0}
    figure{margin:1.2em 0 1.6em;min-width:0}
    .figures{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(100%,500px),1fr));gap:0 2.4em}
    header,section>p.note{max-width:760px}
    figcaption{margin-bottom:.3em}
    svg.chart{display:block;width:100%;height:auto;max-width:640px}
    svg.narrow{display:none}
    svg.chart text{font-size:12px;fill:var(--ink)}
    svg.chart text.value{text-anchor:end}
    svg.chart text.day{text-anchor:middle}
    svg.chart text.day.end{text-anchor:end}
    svg.chart text.day.start{text-anchor:start}
    svg.chart text.title{font-weight:600}
    svg.chart text.day-title{text-anchor:middle}
    .grid path{stroke:var(--grid);stroke-width:1}
    .axis path{stroke:var(--ink);stroke-width:1;fill:none}
    .line{fill:none;stroke-width:2;stroke-linejoin:round;stroke-linecap:round}
    .level{stroke-width:2.5;stroke-linecap:butt}
    .d1{stroke-dasharray:7 4}.d2{stroke-dasharray:2 3}.d3{stroke-dasharray:8 3 2 3}
    .mark{stroke:#fff;stroke-width:1}
    .bar rect,rect.bar{stroke:#222;stroke-width:.4}
    .band{fill:var(--band);stroke:none}
    .c1{stroke:#0072B2;fill:#0072B2}.line.c1{fill:none}
    .c2{stroke:#D55E00;fill:#D55E00}.line.c2{fill:none}
    .c3{stroke:#009E73;fill:#009E73}.line.c3{fill:none}
    .c4{stroke:#E69F00;fill:#E69F00}.line.c4{fill:none}
    .c5{stroke:#56B4E9;fill:#56B4E9}.line.c5{fill:none}
    .c6{stroke:#CC79A7;fill:#CC79A7}.line.c6{fill:none}
    .c7{stroke:#F0E442;fill:#F0E442}.line.c7{fill:none}
    .c8{stroke:#000;fill:#000}.line.c8{fill:none}
    .mark.c1,.mark.c2,.mark.c3,.mark.c4,.mark.c5,.mark.c6,.mark.c7,.mark.c8{stroke:#fff}
    .bar.c1 rect,.bar.c2 rect,.bar.c3 rect,.bar.c4 rect,.bar.c5 rect,.bar.c6 rect,.bar.c7 rect,.bar.c8 rect{stroke:#222}
    circle:hover,.mark path:hover,.mark rect:hover,.bar rect:hover{stroke:var(--ink);stroke-width:2}
    ul.legend{list-style:none;margin:.2em 0;padding:0;display:flex;flex-wrap:wrap;gap:.2em 1.1em;font-size:.9rem}
    ul.legend li{display:flex;align-items:center;gap:.35em}
    svg.key{flex:none}
    svg.key .mark{stroke:#fff}
    details{margin:.4em 0 0;font-size:.9rem}
    summary{cursor:pointer;color:var(--muted)}
    .scroll{overflow-x:auto;max-height:24em;overflow-y:auto;border:1px solid var(--rule);margin-top:.3em}
    table{border-collapse:collapse;width:100%;font-size:.88rem}
    th,td{padding:.25em .6em;border-bottom:1px solid var(--grid);text-align:left;white-space:nowrap;vertical-align:top}
    th{position:sticky;top:0;background:#f3f3f3}
    .n2 :is(td,th):nth-child(2),.n3 :is(td,th):nth-child(3),.n4 :is(td,th):nth-child(4),.n5 :is(td,th):nth-child(5),.n6 :is(td,th):nth-child(6),.n7 :is(td,th):nth-child(7),.n8 :is(td,th):nth-child(8),.n9 :is(td,th):nth-child(9),.n10 :is(td,th):nth-child(10),.n11 :is(td,th):nth-child(11),.n12 :is(td,th):nth-child(12){text-align:right;font-variant-numeric:tabular-nums}
    table.plain{margin:.4em 0 1em}
    .scroll:has(table.cards){max-height:none;overflow-y:visible}
    td.wrap{white-space:normal}
    table[data-chart=kinds] td:nth-child(2){overflow-wrap:anywhere}
    .labs{display:grid;grid-template-columns:repeat(auto-fill,minmax(300px,1fr));gap:0 1.4em}
    figure.small{margin:.8em 0 1.2em}
    .latest{font-size:1.05rem;margin:.15em 0}
    .latest b{font-size:1.3rem}
    .flag{display:inline-block;padding:0 .4em;border:1.5px solid var(--ink);border-radius:3px;font-size:.8rem;font-weight:600;margin-left:.3em}
    .flag.out{background:var(--ink);color:#fff}
    footer{margin:2.4em 0 1em;padding-top:.6em;border-top:2px solid var(--ink);color:var(--muted);font-size:.85rem}
    @media (max-width:520px){main{padding:10px}h1{font-size:1.4rem}svg.wide{display:none}svg.narrow{display:block}table[data-chart=kinds] :is(th,td):nth-child(2){display:none}table.cards thead{display:none}table.cards tr{display:block;border-bottom:1px solid var(--grid);padding:.3em 0}table.cards td:nth-child(n){display:inline-block;border:none;padding:.05em .9em .05em 0;white-space:normal;text-align:left}table.cards td:first-child{display:block;font-weight:600}table.cards td+td::before{content:attr(data-label) ": ";color:var(--muted)}}
    """

  /// Opens every table before printing, so that the numbers are on paper too.
  static let script = """
    addEventListener("beforeprint",function(){document.querySelectorAll("details").forEach(function(d){d.open=true})});
    """
}
