#!/usr/bin/env python3
"""Generates the parse-quality corpus: LaTeX papers with known structure, typeset by pdflatex.

Each document is drawn from a seeded random generator: one- or two-column article class, numbered
and unnumbered headings on three levels, run-in paragraph headings, footnotes, pgfplots figures with
axis labels and legends, tables (some side by side, some with a header over two rows), running
headers and a venue footer, and long words that TeX hyphenates at line ends. The ground truth JSON
next to each PDF is derived from the source: the headings with their levels and numbers, and the
tables with their cells and the page LaTeX put them on (read back from the .aux file). LibreOffice
reports (flat ODT written here, converted by soffice) add word-processor layout: headings as styled
paragraphs, tables with a header cell spanning two columns, footnotes, header and footer; their
tables have page 0 (any page), as the source does not say where Writer breaks the pages. Statistical
bulletins (LibreOffice too) add what government reports do: all-caps unnumbered headings before and
after numbered ones, bold run-in lead-ins, a long table that Writer continues on the next page (its
header row repeated there in odd bulletins, not in even ones), rows ruled above and below whose
description cell runs over several lines with the other cells centred vertically, and group headers
spanning three columns over a stub cell spanning two rows; each true table names its kind. Reports
written as HTML (--html-reports, none in the committed corpus) draw each table's layout at random from
those of government reports: caption above, in capitals, below or none; no rules, a grid or a shaded
header; figures under years with indented labels, negatives, dollars, per cent and bold totals, labels
long enough to wrap, dot leaders, tables of words, two-row group headers, rows in groups under bold
names, notes under tables, and narrow tables in a two-column section. Rich papers (--rich, two in the
committed corpus) add what real papers hold beside their sections, each a line that may look like a
heading: author blocks side by side with initials and e-mail addresses, an abstract, itemized lists led by
bold words, short numbered lists, displayed equations, theorems and proofs, algorithms set by hand, code
listings, boxed prompts with bold role names, diagrams of labelled boxes (some bold, some under a bold
title), references and appendices. Papers in
IEEEtran's conference class, Springer's LNCS, the AMS article, ACM's acmart and Elsevier's elsarticle (CLASSES) set headings at the
body's size in small capitals and italics, run numbered headings in, and set tables with narrow column gaps;
acmart's microtype stretches the glyphs of each line by a few per cent.

Usage: benchmarks/corpus/generate.py OUT_DIR [--seed N] [--count N] [--reports N] [--bulletins N] [--ieee N]
                                           [--lncs N] [--amsart N] [--acm N] [--els N] [--html-reports N] [--rich N]
                                           [--rich-style article|ieee|lncs|acm]
Needs pdflatex with texlive-latex-extra, texlive-pictures, texlive-fonts-recommended, texlive-fonts-extra,
texlive-plain-generic and texlive-publishers,
and soffice; the output is committed, so builds and CI never need TeX. Writer sets the reports in whatever serif font is installed (the committed reports
in DejaVu Serif, the bulletins in Liberation Serif from Debian's fonts-liberation), so a regenerated PDF
may break its pages elsewhere; the ground truth does not change.
"""
import argparse
import json
import random
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

WORDS = (
    "retrieval corpus document passage answer question model evaluation benchmark judge context "
    "section table figure measurement result baseline method approach dataset annotation sample "
    "score metric precision recall ranking query index vector embedding token sentence paragraph "
    "layout parser heading column footnote caption experiment analysis variance estimate interval"
).split()
LONG_WORDS = (
    "automatically machine-readable characterization interoperability representation "
    "disambiguation reproducibility generalization transformation preprocessing "
    "tokenization normalization infrastructure documentation experimentation "
    "approximately configuration multilingual comprehensively unsupervised"
).split()
TOPICS = [
    "Extracting structured data", "High-level methodology", "Evaluation protocol", "Related work",
    "Data collection", "Annotation guidelines", "Error analysis", "Ablation studies",
    "Retrieval strategies", "Judging answers", "Limitations of the study", "Experimental setup",
    "Chunking sections", "Dense and sparse retrieval", "Statistical testing", "Cost of evaluation",
    "Document layout", "Table extraction", "Heading detection", "Reading order",
    "Corpus statistics", "Inter-annotator agreement", "Training details", "Future directions",
]
class Topics:
    """Heading titles drawn without repeats until all are used, then from a fresh shuffle: a long
    document may need more titles than TOPICS holds."""

    def __init__(self, rng):
        self.rng = rng
        self.left = rng.sample(TOPICS, len(TOPICS))

    def pop(self):
        if not self.left:
            self.left = self.rng.sample(TOPICS, len(TOPICS))
        return self.left.pop()


VENUES = [
    "Proceedings of the 12th Workshop on Synthetic Documents, pages {p}, 2026. (c) 2026 SDW",
    "Journal of Generated Layouts, Vol. 3, No. {p}, 2026",
    "Technical Report TR-2026-{p}, Office of Synthetic Statistics",
]


def sentence(rng, long_share=0.25):
    n = rng.randint(9, 18)
    words = [rng.choice(LONG_WORDS) if rng.random() < long_share else rng.choice(WORDS) for _ in range(n)]
    words[0] = words[0].capitalize()
    return " ".join(words) + "."


def paragraph(rng, sentences=None, footnotes=None):
    parts = [sentence(rng) for _ in range(sentences or rng.randint(3, 6))]
    if footnotes is not None and rng.random() < 0.35:
        note = sentence(rng, 0.1)
        footnotes.append(note)
        i = rng.randrange(len(parts))
        parts[i] = parts[i][:-1] + "\\footnote{" + note + "}."
    return " ".join(parts)


def figure(rng, index):
    xs = list(range(1, 6))
    series = []
    names = rng.sample(["SFT", "GPT (prompted)", "BM25", "Dense", "Hybrid", "Oracle"], 2)
    for _ in names:
        series.append([round(rng.uniform(0.1, 0.9), 2) for _ in xs])
    plots = "\n".join(
        "\\addplot coordinates {" + " ".join(f"({x},{y})" for x, y in zip(xs, ys)) + "};"
        for ys in series
    )
    xlabel = rng.choice(["Number of passages", "Training steps (thousands)", "Chunk size"])
    ylabel = rng.choice(["Accuracy", "Recall at 10", "Win rate"])
    caption = f"{rng.choice(['Accuracy', 'Recall', 'Win rate'])} of the systems as the input grows ({index})."
    body = (
        "\\begin{figure}[t]\\centering\n"
        "\\begin{tikzpicture}\\begin{axis}[width=0.9\\linewidth,height=4.5cm,"
        f"xlabel={{{xlabel}}},ylabel={{{ylabel}}},legend pos=south east,ymin=0,ymax=1]\n"
        f"{plots}\n\\legend{{{names[0]},{names[1]}}}\n"
        "\\end{axis}\\end{tikzpicture}\n"
        f"\\caption{{{caption}}}\n\\end{{figure}}\n"
    )
    return body, {"caption": "Figure " + str(index) + ": " + caption, "labels": [xlabel, ylabel] + names}


def cell(rng):
    kind = rng.random()
    if kind < 0.5:
        return f"{rng.uniform(0, 100):.1f}"
    if kind < 0.7:
        return str(rng.randint(1, 5000))
    return rng.choice(WORDS).capitalize()


def tabular(rng, rows, cols, two_row_header):
    """A tabular and its cells as the reader sees them (a spanning header cell counted once)."""
    spec = "l" + "r" * (cols - 1)
    cells = []
    lines = []
    if two_row_header:
        groups = (cols - 1) // 2
        top = ["Setting"] + [f"{rng.choice(['Dev', 'Test', 'Held-out', 'Train'])} {g + 1}" for g in range(groups)]
        sub = ["Metric"] + [rng.choice(["P", "R", "F1", "nDCG"]) + f"@{k}" for g in range(groups) for k in (5, 10)]
        cols = 1 + 2 * groups
        spec = "l" + "r" * (cols - 1)
        lines.append(" & ".join([top[0]] + [f"\\multicolumn{{2}}{{c}}{{{t}}}" for t in top[1:]]) + " \\\\")
        lines.append(" ".join(f"\\cmidrule(lr){{{2 + 2 * g}-{3 + 2 * g}}}" for g in range(groups)))
        lines.append(" & ".join(sub) + " \\\\")
        cells.append(top)
        cells.append(sub)
    else:
        head = ["System"] + [rng.choice(["Accuracy", "Recall", "Precision", "Latency", "Cost", "Pages"]) + f" {c}"
                             for c in range(1, cols)]
        lines.append(" & ".join(head) + " \\\\")
        cells.append(head)
    lines.append("\\midrule")
    for _ in range(rows):
        row = [rng.choice(["BM25", "Dense", "Hybrid", "Rerank", "Oracle", "Random", "Ours"]) + f"-{rng.randint(1, 99)}"]
        row += [cell(rng) for _ in range(cols - 1)]
        lines.append(" & ".join(row) + " \\\\")
        cells.append(row)
    body = "\\begin{tabular}{" + spec + "}\\toprule\n" + "\n".join(lines) + "\n\\bottomrule\\end{tabular}"
    return body, cells


def tables(rng, label, two_column):
    """One table float: a single table, or two side by side; returns LaTeX and (label, cells) pairs."""
    side_by_side = rng.random() < 0.4
    star = "*" if two_column and side_by_side else ""
    out = []
    if side_by_side:
        parts = []
        for k in ("a", "b"):
            body, cells = tabular(rng, rng.randint(3, 5), 3, False)
            lab = f"{label}{k}"
            cap = f"{rng.choice(['Results', 'Statistics', 'Costs'])} of the {rng.choice(WORDS)} runs."
            parts.append(
                "\\begin{minipage}[t]{0.47\\linewidth}\\centering\\small\n"
                f"\\captionof{{table}}{{{cap}}}\\label{{{lab}}}\n{body}\n\\end{{minipage}}"
            )
            out.append((lab, cells))
        latex = f"\\begin{{table{star}}}[t]\n" + "\\hfill\n".join(parts) + f"\n\\end{{table{star}}}\n"
    else:
        two_row = rng.random() < 0.5
        cols = rng.choice([5, 5, 7]) if two_row else rng.randint(3, 5)
        body, cells = tabular(rng, rng.randint(4, 7), cols, two_row)
        # a table wider than a column would overprint the other column: it spans both
        star = "*" if two_column and len(cells[-1]) > 3 else ""
        cap = f"{rng.choice(['Main results', 'Corpus statistics', 'Ablation'])} on the {rng.choice(WORDS)} set."
        latex = (
            f"\\begin{{table{star}}}[t]\\centering\\small\n\\caption{{{cap}}}\\label{{{label}}}\n"
            f"{body}\n\\end{{table{star}}}\n"
        )
        out.append((label, cells))
    return latex, out


# --rich papers: what real papers hold beside headings, paragraphs, tables and plots, each a way for a
# line to look like a heading that is not one
SURNAMES = ["Okafor", "Lindqvist", "Tanaka", "Moreau", "Castillo", "Novak", "Haddad", "Brennan"]
STAGES = ["Query", "Retriever", "Reranker", "Reader", "Answer", "Judge", "Index", "Chunker"]


def author_block(rng, style):
    """The \\author commands of two to four authors, each with a place and an e-mail address: in blocks
    side by side, or their names on one line marked with the numbers of their places listed under them
    (acmart wants its own commands)."""
    authors = []
    for k in range(rng.randint(2, 4)):
        name = f"{rng.choice('ABCDEFGHJKLMNPRS')}. {SURNAMES[(k + rng.randrange(8)) % 8]}"
        place = rng.choice(["University of Synthetic Studies", "Institute for Generated Text", "Example Labs"])
        thanks = f"\\thanks{{{sentence(rng, 0.1)}}}" if k == 0 and rng.random() < 0.5 else ""
        # acmart's \\author takes no \\thanks: the drawn note is left out there
        authors.append((name + ("" if style == "acm" else thanks), place, f"{name.split()[-1].lower()}@example.org"))
    if style == "acm":
        return "\n".join(
            f"\\author{{{name}}}\\affiliation{{\\institution{{{place}}}\\country{{}}}}\\email{{{email}}}"
            for name, place, email in authors)
    if rng.random() < 0.5:
        return "\\author{" + " \\and ".join(f"{n}\\\\ {p}\\\\ \\texttt{{{e}}}" for n, p, e in authors) + "}"
    places = sorted({place for _, place, _ in authors})
    marked = ", ".join(f"{name}$^{{{places.index(place) + 1}}}$" for name, place, _ in authors)
    listed = "\\\\ ".join(f"$^{{{k + 1}}}${place}" for k, place in enumerate(places))
    return "\\author{" + marked + "\\\\ " + listed + "}"


def lead_in_list(rng):
    """An itemized list whose items open with a bold lead-in, as contributions are listed."""
    items = "".join(f"\\item \\textbf{{{rng.choice(TOPICS)}:}} {sentence(rng)}\n" for _ in range(rng.randint(2, 4)))
    return "\\begin{itemize}\n" + items + "\\end{itemize}\n"


def short_enumeration(rng):
    """A numbered list of short items: each line looks like a numbered heading."""
    items = "".join(f"\\item {rng.choice(TOPICS)}\n" for _ in range(rng.randint(3, 5)))
    return "\\begin{enumerate}\n" + items + "\\end{enumerate}\n"


def equations(rng):
    """A numbered displayed equation, a sentence or two, and an unnumbered pair of aligned ones."""
    a, b = rng.sample(["q", "d", "k", "s", "r"], 2)
    return (
        f"\\begin{{equation}}\n\\mathrm{{score}}({a},{b}) = \\sum_{{t \\in {a}}} \\frac{{f_{{t,{b}}} (k_1 + 1)}}"
        f"{{f_{{t,{b}}} + k_1 (1 - b + b \\cdot |{b}| / \\bar{{L}})}}\n\\end{{equation}}\n"
        + paragraph(rng, 2)
        + "\n\\begin{align*}\nP &= \\frac{|R \\cap F|}{|F|} & R &= \\frac{|R \\cap F|}{|R|}\n\\end{align*}\n"
    )


def theorem(rng):
    """A theorem, lemma or definition, named or not, and its proof."""
    kind = rng.choice(["rltheorem", "rldefinition", "rllemma"])
    name = rng.choice(["", f"[{rng.choice(TOPICS)}]"])
    return (
        f"\\begin{{{kind}}}{name}\n{sentence(rng)} {sentence(rng)}\n\\end{{{kind}}}\n"
        f"\\begin{{proof}}\n{paragraph(rng, 2)}\n\\end{{proof}}\n"
    )


def algorithm(rng, index):
    """A boxed algorithm set by hand (no algorithm package is installed): a bold title, numbered steps."""
    steps = [
        "\\textbf{for} each query $q$ \\textbf{do}",
        "\\quad $C \\gets$ \\textsc{Retrieve}$(q, k)$",
        "\\quad \\textbf{if} $|C| = 0$ \\textbf{then} \\textbf{continue}",
        "\\quad $a \\gets$ \\textsc{Answer}$(q, C)$",
        "\\textbf{end for}",
        "\\textbf{return} the scores",
    ]
    lines = "".join(f"{n}: {step}\\\\\n" for n, step in enumerate(steps, 1))
    return (
        "\\begin{figure}[t]\\centering\\fbox{\\begin{minipage}{0.9\\linewidth}\\small\n"
        f"\\textbf{{Algorithm {index}}} {rng.choice(['Evaluate a retriever', 'Judge the answers'])}\\\\\n"
        f"{lines}\\end{{minipage}}}}\n\\end{{figure}}\n"
    )


def code_listing(rng):
    """A few lines of code in typewriter type, indented."""
    var = rng.choice(["lens", "runner", "judge"])
    return (
        "\\begin{lstlisting}[basicstyle=\\ttfamily\\small]\n"
        f"var {var} = RagLens.builder()\n    .docs(Path.of(\"papers\"))\n    .build();\n"
        f"Report report = {var}.benchmark();\n\\end{{lstlisting}}\n"
    )


def flowchart(rng, index):
    """A diagram of boxes with one or two words each, joined by arrows, and its caption."""
    stages = rng.sample(STAGES, rng.randint(3, 5))
    # some diagrams set their boxes in bold and title their parts: short bold lines, as headings are
    bold = "\\bfseries" if rng.random() < 0.5 else ""
    nodes = "".join(
        f"\\node[draw,rounded corners,minimum width=1.4cm,font={bold}] (n{i}) at ({i * 2.1},0) {{{name}}};\n"
        for i, name in enumerate(stages))
    if rng.random() < 0.5:
        nodes += f"\\node[font=\\bfseries\\large] at ({(len(stages) - 1) * 1.05},1.1) {{{rng.choice(TOPICS)}}};\n"
    arrows = "".join(f"\\draw[->] (n{i}) -- (n{i + 1});\n" for i in range(len(stages) - 1))
    caption = f"The stages of the {rng.choice(WORDS)} pipeline ({index})."
    return (
        "\\begin{figure*}[t]\\centering\\begin{tikzpicture}\n" + nodes + arrows
        + f"\\end{{tikzpicture}}\n\\caption{{{caption}}}\n\\end{{figure*}}\n"
    )


def prompt_box(rng):
    """A framed prompt, as papers on language models print them: bold role names, each opening a line."""
    turns = [f"\\textbf{{{role}:}} {sentence(rng, 0.1)}" for role in ("System", "Context", "Question")]
    return (
        "\\begin{figure}[t]\\centering\\fbox{\\parbox{0.9\\linewidth}{\\small\n"
        + "\\\\\n".join(turns + ["\\textbf{Answer:}"])
        + f"}}}}\n\\caption{{The prompt of the {rng.choice(WORDS)} judge.}}\n\\end{{figure}}\n"
    )


def bibliography(rng):
    """A numbered list of references: authors' initials, a title, a venue and a year."""
    entries = []
    for k in range(rng.randint(6, 12)):
        who = ", ".join(f"{rng.choice('ABCDEFGHJK')}. {rng.choice(SURNAMES)}" for _ in range(rng.randint(1, 3)))
        title = sentence(rng, 0.1)[:-1]
        venue = rng.choice(["In Proceedings of SIGIR", "Transactions on Generated Text", "arXiv preprint"])
        entries.append(f"\\bibitem{{r{k}}} {who}. {title}. {venue}, {rng.randint(2015, 2026)}.\n")
    return "\\begin{thebibliography}{99}\n" + "".join(entries) + "\\end{thebibliography}\n"


def rich_preamble(style):
    """The packages and theorem kinds the rich elements use; LNCS brings its own proofs and theorem styles."""
    theorems = "\\newtheorem{rltheorem}{Theorem}\\newtheorem{rllemma}[rltheorem]{Lemma}\n"
    if style == "lncs":
        return "\\usepackage{amsmath}\\usepackage{listings}\n" + theorems + "\\newtheorem{rldefinition}{Definition}\n"
    return (
        "\\usepackage{amsmath}\\usepackage{amsthm}\\usepackage{listings}\n" + theorems
        + "\\theoremstyle{definition}\\newtheorem{rldefinition}{Definition}\n"
    )


RICH_STYLES = ("article", "ieee", "lncs", "acm")


def rich_extras(rng, index):
    """One or two of the rich elements, placed after a section's paragraph."""
    makers = [lead_in_list, short_enumeration, equations, theorem, code_listing,
              prompt_box, lambda r: algorithm(r, index), lambda r: flowchart(r, index),
              lambda r: f"\\noindent\\textbf{{{r.choice(TOPICS)}.}} {paragraph(r)}\n"]
    return "".join(rng.choice(makers)(rng) + paragraph(rng, 2) + "\n" for _ in range(rng.randint(1, 2)))


CLASSES = {
    # IEEEtran's conference style: two columns; sections in small capitals numbered I, II; subsections in
    # italics lettered A, B; subsubsections run in as "1) Title:"
    "ieee": "\\documentclass[conference]{IEEEtran}",
    # Springer's LNCS: one narrow column, tables with 1.4 pt between columns, subsubsections run in bold
    "lncs": "\\documentclass{llncs}",
    # the AMS article: sections in small capitals, subsections run in after a number in the body font,
    # subsubsections run in in italics
    "amsart": "\\documentclass{amsart}",
    # ACM's acmart (sigconf): two columns in Libertine; sections in bold capitals, subsubsections in italics,
    # paragraphs run in in italics
    "acm": "\\documentclass[sigconf,nonacm]{acmart}",
    # Elsevier's elsarticle in its two-column journal layout (5p) in Times: numbered headings "1.", "1.1."
    "els": "\\documentclass[final,5p,times,twocolumn]{elsarticle}",
}
TWO_COLUMN_CLASSES = ("ieee", "acm", "els")
# papers of each class in the committed corpus; elsarticle is for held-out sets only
COMMITTED = {"ieee": 2, "lncs": 2, "amsart": 2, "acm": 2, "els": 0}


def document(rng, number, style="article", rich=False):
    """A LaTeX paper in the article class (one or two columns) or in one of CLASSES; a rich one (article,
    IEEEtran, LNCS or acmart) adds an author block, an abstract, lists, equations, theorems, algorithms,
    code, prompts, diagrams, references and an appendix."""
    two_column = style in TWO_COLUMN_CLASSES or style == "article" and number % 2 == 0
    title = f"A Study of {rng.choice(TOPICS)} on Generated Papers {number}"
    short = f"Generated paper {number}"
    venue = rng.choice(VENUES).format(p=rng.randint(10, 99))
    headings = []
    table_truth = []
    figure_truth = []
    footnotes = []
    body = []
    topics = Topics(rng)
    front = ""  # what acmart wants before \\maketitle
    if rich:
        abstract = "\\begin{abstract}\n" + paragraph(rng, 5) + "\n\\end{abstract}\n"
        if style == "acm":
            front = abstract
        else:
            body.append(abstract)
        body.append(f"\\noindent\\textit{{Keywords:}} {', '.join(rng.sample(WORDS, 4))}\n\n")
        # IEEEtran and LNCS run "Abstract" into its paragraph
        headings.append({"title": "Abstract", "level": 1, "numbered": False, "runIn": style in ("ieee", "lncs")})
    elif rng.random() < 0.5:
        body.append("\\section*{Abstract}\n" + paragraph(rng, 5) + "\n")
        headings.append({"title": "Abstract", "level": 1, "numbered": False, "runIn": False})
    sections = rng.randint(4, 6)
    tno = 0
    fno = 0
    for s in range(1, sections + 1):
        name = topics.pop()
        body.append(f"\\section{{{name}}}\n" + paragraph(rng, footnotes=footnotes) + "\n")
        headings.append({"title": f"{s} {name}", "level": 1, "numbered": True, "runIn": False})
        for ss in range(1, rng.randint(0, 3) + 1):
            sub = topics.pop()
            body.append(f"\\subsection{{{sub}}}\n" + paragraph(rng, footnotes=footnotes) + "\n")
            headings.append({"title": f"{s}.{ss} {sub}", "level": 2, "numbered": True, "runIn": False})
            if rng.random() < 0.3:
                sss = topics.pop()
                body.append(f"\\subsubsection{{{sss}}}\n" + paragraph(rng) + "\n")
                headings.append({"title": f"{s}.{ss}.1 {sss}", "level": 3, "numbered": True, "runIn": False})
            if rng.random() < 0.35:
                run_in = topics.pop()
                body.append(f"\\paragraph{{{run_in}.}} " + paragraph(rng) + "\n")
                headings.append({"title": run_in, "level": 4, "numbered": False, "runIn": True})
        body.append(paragraph(rng, footnotes=footnotes) + "\n")
        if rich:
            body.append(rich_extras(rng, s))
        if rng.random() < 0.55:
            tno += 1
            latex, found = tables(rng, f"tab:{tno}", two_column)
            body.append(latex)
            table_truth.extend({"label": lab, "cells": cells} for lab, cells in found)
        if rng.random() < 0.4:
            fno += 1
            latex, truth = figure(rng, fno)
            body.append(latex)
            figure_truth.append(truth)
        body.append(paragraph(rng, footnotes=footnotes) + "\n\n" + paragraph(rng) + "\n")
    body.append("\\section*{Acknowledgements}\n" + paragraph(rng, 2) + "\n")
    headings.append({"title": "Acknowledgements", "level": 1, "numbered": False, "runIn": False})
    if rich:
        body.append(bibliography(rng))
        headings.append({"title": "References", "level": 1, "numbered": False, "runIn": False})
        body.append("\\appendix\n")
        if style == "ieee":  # IEEEtran's \\appendix is a heading of its own, "Appendix"
            body.append(paragraph(rng) + "\n" + rich_extras(rng, 9))
            headings.append({"title": "Appendix", "level": 1, "numbered": False, "runIn": False})
        for letter in "AB"[: rng.randint(1, 2) if style != "ieee" else 0]:
            name = topics.pop()
            body.append(f"\\section{{{name}}}\n" + paragraph(rng) + "\n" + rich_extras(rng, 9))
            headings.append({"title": f"{letter} {name}", "level": 1, "numbered": True, "runIn": False})
    options = "10pt,twocolumn" if two_column else "11pt"
    authors = author_block(rng, style) if rich else f"\\author{{Synthetic Author {number}}}"
    tex = (
        (CLASSES[style] + "\n" if style in CLASSES else f"\\documentclass[{options}]{{article}}\n")
        + ("\\usepackage[T1]{fontenc}\\usepackage{mathptmx}\n" if number % 4 in (1, 2) and style == "article" else "")
        + "\\usepackage[utf8]{inputenc}\n"
        + ("\\usepackage[margin=2cm]{geometry}" if style == "article" else "")
        + "\\usepackage{booktabs}\\usepackage{caption}\n"
        "\\usepackage{pgfplots}\\pgfplotsset{compat=1.18}\\usepackage{fancyhdr}\n"
        + (rich_preamble(style) if rich else "")
        + "\\setcounter{secnumdepth}{3}\n"
        "\\pagestyle{fancy}\\fancyhf{}\n"
        f"\\fancyhead[L]{{\\small {short}}}\\fancyhead[R]{{\\small\\thepage}}\n"
        f"\\fancyfoot[C]{{\\footnotesize {venue}}}\n"
        f"\\title{{{title}}}{authors}\\date{{}}\n"
        "\\begin{document}" + front + "\\maketitle\\thispagestyle{fancy}\n" + "\n".join(body) + "\\end{document}\n"
    )
    truth = {
        "layout": "two-column" if two_column else "one-column",
        "title": title,
        "headings": headings,
        "tables": table_truth,
        "figures": figure_truth,
        "footnotes": footnotes,
        "runningLines": [short, venue.replace("(c)", "©")],
    }
    return tex, truth


def typeset(tex, name, out):
    with tempfile.TemporaryDirectory() as work:
        src = Path(work) / f"{name}.tex"
        src.write_text(tex, encoding="utf-8")
        for _ in range(2):  # the second pass resolves the page labels in the .aux file
            run = subprocess.run(
                ["pdflatex", "-interaction=nonstopmode", "-halt-on-error", src.name],
                cwd=work, capture_output=True, text=True)
            if run.returncode != 0:
                sys.exit(f"pdflatex failed on {name}:\n{run.stdout[-3000:]}")
        aux = (Path(work) / f"{name}.aux").read_text(encoding="utf-8", errors="replace")
        shutil.copy(Path(work) / f"{name}.pdf", out / f"{name}.pdf")
    pages = {}
    for m in re.finditer(r"\\newlabel\{(tab:[^}]+)\}\{\{[^}]*\}\{(\d+)\}", aux):
        pages[m.group(1)] = int(m.group(2))
    return pages



def esc(text):
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def fodt_shell(body, automatic, header, footer):
    """A flat ODT document: the paragraph styles of both report kinds, A4 pages with a header and a footer."""
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"
 xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"
 xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0"
 office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.text">
<office:styles>
 <style:style style:name="Standard" style:family="paragraph"><style:text-properties fo:font-size="10.5pt"/></style:style>
 <style:style style:name="Text_20_body" style:display-name="Text body" style:family="paragraph" style:parent-style-name="Standard">
  <style:paragraph-properties fo:margin-bottom="0.2cm" fo:text-align="justify" fo:hyphenation-ladder-count="no-limit"/>
  <style:text-properties fo:hyphenate="true" fo:language="en" fo:country="US"/></style:style>
 <style:style style:name="Title" style:family="paragraph"><style:paragraph-properties fo:text-align="center" fo:margin-bottom="0.6cm"/>
  <style:text-properties fo:font-size="20pt" fo:font-weight="bold"/></style:style>
 <style:style style:name="Heading_20_1" style:display-name="Heading 1" style:family="paragraph" style:default-outline-level="1">
  <style:paragraph-properties fo:margin-top="0.5cm" fo:margin-bottom="0.2cm" fo:keep-with-next="always"/>
  <style:text-properties fo:font-size="15pt" fo:font-weight="bold"/></style:style>
 <style:style style:name="Heading_20_2" style:display-name="Heading 2" style:family="paragraph" style:default-outline-level="2">
  <style:paragraph-properties fo:margin-top="0.4cm" fo:margin-bottom="0.2cm" fo:keep-with-next="always"/>
  <style:text-properties fo:font-size="12.5pt" fo:font-weight="bold"/></style:style>
 <style:style style:name="Caption" style:family="paragraph"><style:paragraph-properties fo:keep-with-next="always"/>
  <style:text-properties fo:font-size="9.5pt" fo:font-style="italic"/></style:style>
 <style:style style:name="Header" style:family="paragraph"><style:text-properties fo:font-size="8.5pt"/></style:style>
</office:styles>
<office:automatic-styles>{automatic}<style:page-layout style:name="pm1"><style:page-layout-properties fo:page-width="21cm"
 fo:page-height="29.7cm" fo:margin-top="1.5cm" fo:margin-bottom="1.5cm" fo:margin-left="2.2cm" fo:margin-right="2.2cm"/>
 <style:header-style/><style:footer-style/></style:page-layout></office:automatic-styles>
<office:master-styles><style:master-page style:name="Standard" style:page-layout-name="pm1">
 <style:header><text:p text:style-name="Header">{header}</text:p></style:header>
 <style:footer><text:p text:style-name="Header">{footer} <text:tab/> <text:page-number/></text:p></style:footer>
</style:master-page></office:master-styles>
<office:body><office:text>
{chr(10).join(body)}
</office:text></office:body></office:document>
"""


def fodt(rng, number):
    """A flat ODT report: numbered headings written as text, tables with a two-row header, footnotes."""
    title = f"Statistical Report {number} on {rng.choice(TOPICS)}"
    venue = rng.choice(VENUES).format(p=rng.randint(10, 99))
    headings = []
    table_truth = []
    footnotes = []
    body = [f'<text:p text:style-name="Title">{esc(title)}</text:p>']
    topics = Topics(rng)
    note = 0
    tno = 0
    for s in range(1, rng.randint(4, 6) + 1):
        name = f"{s} {topics.pop()}"
        body.append(f'<text:h text:style-name="Heading_20_1" text:outline-level="1">{esc(name)}</text:h>')
        headings.append({"title": name, "level": 1, "numbered": True, "runIn": False})
        for ss in range(1, rng.randint(0, 2) + 1):
            sub = f"{s}.{ss} {topics.pop()}"
            body.append(f'<text:h text:style-name="Heading_20_2" text:outline-level="2">{esc(sub)}</text:h>')
            headings.append({"title": sub, "level": 2, "numbered": True, "runIn": False})
            for _ in range(rng.randint(1, 3)):
                text = esc(paragraph(rng))
                if rng.random() < 0.3:
                    note += 1
                    n = sentence(rng, 0.1)
                    footnotes.append(n)
                    text += (f'<text:note text:id="n{note}" text:note-class="footnote"><text:note-citation>{note}'
                             f'</text:note-citation><text:note-body><text:p>{esc(n)}</text:p></text:note-body></text:note>')
                body.append(f'<text:p text:style-name="Text_20_body">{text}</text:p>')
        if rng.random() < 0.6:
            tno += 1
            two_row = rng.random() < 0.5
            cols = 5 if two_row else rng.randint(3, 5)
            _, cells = tabular(rng, rng.randint(4, 8), cols, two_row)
            cols = len(cells[-1])
            body.append(f'<text:p text:style-name="Caption">Table {tno}: {esc(rng.choice(["Counts", "Rates", "Costs"]))}'
                        f' by {esc(rng.choice(WORDS))}.</text:p>')
            rows = []
            for r, row in enumerate(cells):
                out = []
                if two_row and r == 0:
                    out.append(f'<table:table-cell office:value-type="string"><text:p>{esc(row[0])}</text:p></table:table-cell>')
                    for t in row[1:]:
                        out.append('<table:table-cell table:number-columns-spanned="2" office:value-type="string">'
                                   f'<text:p>{esc(t)}</text:p></table:table-cell><table:covered-table-cell/>')
                else:
                    out.extend(f'<table:table-cell office:value-type="string"><text:p>{esc(c)}</text:p></table:table-cell>'
                               for c in row)
                rows.append("<table:table-row>" + "".join(out) + "</table:table-row>")
            body.append(f'<table:table table:name="T{tno}"><table:table-column table:number-columns-repeated="{cols}"/>'
                        + "".join(rows) + "</table:table>")
            table_truth.append({"page": 0, "cells": cells})
        body.append(f'<text:p text:style-name="Text_20_body">{esc(paragraph(rng))}</text:p>')
    xml = fodt_shell(body, "", f"Report {number} <text:tab/> Office of Synthetic Statistics", esc(venue))
    truth = {"layout": "one-column", "title": title, "headings": headings, "tables": table_truth,
             "figures": [], "footnotes": footnotes, "runningLines": [f"Report {number}", venue]}
    return xml, truth


REGIONS = ["North", "South", "East", "West", "Central", "Coastal", "Upland", "Metro", "Rural", "Border"]
PROGRAMMES = ["Housing support", "Road upkeep", "Adult literacy", "Water quality", "Rural clinics", "Job training",
              "Flood defence", "School meals", "Public transport", "Broadband access"]
CAPS_HEADINGS = ["SUMMARY OF FINDINGS", "METHODOLOGY AND SOURCES", "NOTES ON THE TABLES", "REVISIONS POLICY"]
RULE = "0.5pt solid #000000"


def cell_xml(text, style, attrs=""):
    return (f'<table:table-cell table:style-name="{style}" office:value-type="string"{attrs}>'
            f'<text:p>{esc(text)}</text:p></table:table-cell>')


def long_table(rng, repeat_header):
    """A table of 34-46 rows that Writer breaks over a page; its header row repeated there or not."""
    cols = rng.randint(4, 5)
    head = ["Area"] + rng.sample(["Households", "Persons", "Dwellings", "Claims", "Visits", "Cases"], cols - 1)
    body = []
    for r in range(rng.randint(34, 46)):
        body.append([f"{rng.choice(REGIONS)} district {r + 1}"] + [str(rng.randint(100, 99999)) for _ in range(cols - 1)])
    row = lambda cells, style: "<table:table-row>" + "".join(cell_xml(c, style) for c in cells) + "</table:table-row>"
    header = row(head, "CHead")
    xml = (f'<table:table table:name="{{name}}" table:style-name="TWide"><table:table-column '
           f'table:number-columns-repeated="{cols}"/>'
           + (f"<table:table-header-rows>{header}</table:table-header-rows>" if repeat_header else header)
           + "".join(row(b, "CBody") for b in body) + "</table:table>")
    return xml, [head] + body


def multiline_table(rng):
    """Rows ruled above and below whose description cell runs over lines, the other cells centred vertically."""
    head = ["Programme", "Description", "Budget", "Staff", "Share"]
    rows = [head]
    xml_rows = ["<table:table-row>" + "".join(cell_xml(c, "CHeadMid") for c in head) + "</table:table-row>"]
    for name in rng.sample(PROGRAMMES, rng.randint(4, 6)):
        words = [rng.choice(WORDS) for _ in range(rng.randint(12, 22))]
        description = " ".join(words).capitalize() + "."
        cells = [name, description, f"{rng.uniform(1, 900):.1f}", str(rng.randint(3, 400)), f"{rng.uniform(0, 60):.1f}%"]
        rows.append(cells)
        xml_rows.append("<table:table-row>" + "".join(cell_xml(c, "CMid") for c in cells) + "</table:table-row>")
    xml = ('<table:table table:name="{name}" table:style-name="TWide">'
           '<table:table-column table:style-name="ColLabel"/><table:table-column table:style-name="ColText"/>'
           '<table:table-column table:style-name="ColNum" table:number-columns-repeated="3"/>'
           + "".join(xml_rows) + "</table:table>")
    return xml, rows


def grouped_table(rng):
    """A government-style header: a stub cell over two rows, group headers each spanning three columns."""
    groups = sorted(rng.sample(["2019", "2020", "2021", "2022", "2023"], rng.randint(2, 3)))
    subs = rng.choice([["Male", "Female", "Total"], ["Urban", "Rural", "All"], ["Rate", "Count", "Change"]])
    top = ["Region"] + groups
    sub = subs * len(groups)
    body = []
    for region in rng.sample(REGIONS, rng.randint(5, 8)):
        body.append([region] + [f"{rng.uniform(0, 100):.1f}" if s in ("Rate", "Change") else str(rng.randint(10, 9999))
                                for s in sub])
    r1 = (cell_xml("Region", "CHead", ' table:number-rows-spanned="2"')
          + "".join(cell_xml(g, "CGroup", ' table:number-columns-spanned="3"') + "<table:covered-table-cell/>" * 2
                    for g in groups))
    r2 = "<table:covered-table-cell/>" + "".join(cell_xml(c, "CHead") for c in sub)
    xml = (f'<table:table table:name="{{name}}" table:style-name="TWide"><table:table-column '
           f'table:number-columns-repeated="{1 + len(sub)}"/>'
           f"<table:table-row>{r1}</table:table-row><table:table-row>{r2}</table:table-row>"
           + "".join("<table:table-row>" + "".join(cell_xml(c, "CBody") for c in b) + "</table:table-row>"
                     for b in body) + "</table:table>")
    return xml, [top, sub] + body


def gov_report(rng, number):
    """A flat ODT statistical report in the manner of a government office: all-caps and numbered headings,
    bold run-in lead-ins, a long table continued on the next page (header repeated in odd reports), ruled
    rows with multi-line cells centred vertically, and group headers spanning columns."""
    title = f"Official Statistics Bulletin {number}: {rng.choice(TOPICS)}"
    venue = f"Office of Synthetic Statistics, Bulletin {number}, {rng.choice(['March', 'June', 'October'])} 2026"
    headings = []
    table_truth = []
    body = [f'<text:p text:style-name="Title">{esc(title)}</text:p>']
    caps = rng.sample(CAPS_HEADINGS, 2)
    body.append(f'<text:h text:style-name="Heading_20_1" text:outline-level="1">{caps[0]}</text:h>')
    headings.append({"title": caps[0], "level": 1, "numbered": False, "runIn": False})
    for _ in range(2):
        body.append(f'<text:p text:style-name="Text_20_body">{esc(paragraph(rng))}</text:p>')
    kinds = ["long", "multiline", "grouped"]
    rng.shuffle(kinds)
    topics = Topics(rng)
    for s, kind in enumerate(kinds, start=1):
        name = f"{s} {topics.pop()}"
        body.append(f'<text:h text:style-name="Heading_20_1" text:outline-level="1">{esc(name)}</text:h>')
        headings.append({"title": name, "level": 1, "numbered": True, "runIn": False})
        for _ in range(rng.randint(1, 3)):
            lead = topics.pop() if rng.random() < 0.4 else None
            text = esc(paragraph(rng))
            if lead:
                text = f'<text:span text:style-name="Bold">{esc(lead)}.</text:span> ' + text
            body.append(f'<text:p text:style-name="Text_20_body">{text}</text:p>')
        if kind == "long":
            xml, cells = long_table(rng, number % 2 == 1)
        elif kind == "multiline":
            xml, cells = multiline_table(rng)
        else:
            xml, cells = grouped_table(rng)
        body.append(f'<text:p text:style-name="Caption">Table {s}: {esc(rng.choice(["Counts", "Rates", "Spending"]))}'
                    f' by {esc(rng.choice(["area", "programme", "region"]))}.</text:p>')
        body.append(xml.replace("{name}", f"T{s}"))
        table_truth.append({"page": 0, "kind": kind, "cells": cells})
        body.append(f'<text:p text:style-name="Text_20_body">{esc(paragraph(rng))}</text:p>')
        if rng.random() < 0.5:
            sub = f"{s}.1 {topics.pop()}"
            body.append(f'<text:h text:style-name="Heading_20_2" text:outline-level="2">{esc(sub)}</text:h>')
            headings.append({"title": sub, "level": 2, "numbered": True, "runIn": False})
            body.append(f'<text:p text:style-name="Text_20_body">{esc(paragraph(rng))}</text:p>')
    body.append(f'<text:h text:style-name="Heading_20_1" text:outline-level="1">{caps[1]}</text:h>')
    headings.append({"title": caps[1], "level": 1, "numbered": False, "runIn": False})
    body.append(f'<text:p text:style-name="Text_20_body">{esc(paragraph(rng))}</text:p>')
    cell = ('<style:style style:name="{n}" style:family="table-cell"><style:table-cell-properties fo:padding="0.08cm"'
            ' fo:border-left="none" fo:border-right="none" {b} style:vertical-align="{v}"/></style:style>')
    styles = "".join([
        '<style:style style:name="TWide" style:family="table"><style:table-properties style:width="16.6cm"'
        ' table:align="margins"/></style:style>',
        '<style:style style:name="ColLabel" style:family="table-column"><style:table-column-properties'
        ' style:column-width="3.6cm"/></style:style>',
        '<style:style style:name="ColText" style:family="table-column"><style:table-column-properties'
        ' style:column-width="6.2cm"/></style:style>',
        '<style:style style:name="ColNum" style:family="table-column"><style:table-column-properties'
        ' style:column-width="2.26cm"/></style:style>',
        '<style:style style:name="Bold" style:family="text"><style:text-properties fo:font-weight="bold"/></style:style>',
        cell.format(n="CHead", b=f'fo:border-top="{RULE}" fo:border-bottom="{RULE}"', v="bottom"),
        cell.format(n="CHeadMid", b=f'fo:border-top="{RULE}" fo:border-bottom="{RULE}"', v="middle"),
        cell.format(n="CGroup", b=f'fo:border-top="{RULE}" fo:border-bottom="{RULE}"', v="middle"),
        cell.format(n="CBody", b='fo:border-top="none" fo:border-bottom="none"', v="top"),
        cell.format(n="CMid", b=f'fo:border-top="none" fo:border-bottom="{RULE}"', v="middle"),
    ])
    xml = fodt_shell(body, styles, f"Bulletin {number} <text:tab/> Official statistics", esc(venue))
    truth = {"layout": "one-column", "title": title, "headings": headings, "tables": table_truth,
             "figures": [], "footnotes": [], "runningLines": [f"Bulletin {number}", venue]}
    return xml, truth


AGENCIES = ["Department of Health", "Environment Agency", "Transport Authority", "Department of Labour",
            "Statistics Office", "Ministry of Finance", "Housing Board", "Department of Education"]
STATUTES = ["Public Health Act, section 4", "Water Resources Act, part 2", "Railways Act, schedule 1",
            "Skills and Training Act", "Statistics Act, section 9", "Budget Act, part 3", "Housing Act",
            "Education (Nutrition) Act"]


def figure_text(rng, style):
    """A figure as statistical tables print it: thousands separated, negatives in parentheses or with a
    minus sign, now and then not available."""
    roll = rng.random()
    if roll < 0.06:
        return rng.choice(["n.a.", "–", ".."])
    value = rng.uniform(-50, 900) if style == "change" else rng.uniform(1, 99999)
    text = f"{abs(value):,.1f}" if style == "change" else f"{abs(value):,.0f}"
    if value < 0:
        text = rng.choice([f"({text})", f"\u2212{text}", f"-{text}"])
    elif style == "money":
        text = "$" + text
    elif style == "share":
        text = f"{rng.uniform(0, 100):.1f}%"
    return text


def td(text, right=False, extra="", bold=False):
    shown = esc(text) if text else "&nbsp;"
    align = ' align="right"' if right else ""
    return f"<td{align}{extra}>" + (f"<b>{shown}</b>" if bold else shown) + "</td>"


def html_table(rng, kind, border):
    """One table of a report as HTML and its true cells: figures under a row of years (some labels
    indented, a bold total), a narrow one of two figure columns, labels led by dot leaders to two figure
    columns, a table of words, or a header over two rows with group cells spanning columns."""
    attrs = ('width="100%" border="1" cellpadding="3" cellspacing="0"' if border == "grid"
             else 'width="100%" border="0" cellpadding="2" cellspacing="0"')
    shade = ' bgcolor="#d9e2f3"' if border == "shaded" else ""
    rows, cells = [], []
    if kind == "words":
        head = ["Programme", "Lead agency", "Legal basis"]
        body = [[name, rng.choice(AGENCIES), rng.choice(STATUTES)]
                for name in rng.sample(PROGRAMMES, rng.randint(4, 7))]
        rows.append(f"<tr{shade}>" + "".join(td(h, bold=True) for h in head) + "</tr>")
        rows += ["<tr>" + "".join(td(c) for c in b) + "</tr>" for b in body]
        cells = [head] + body
    elif kind == "sections":
        # rows in groups, each under a bold row of its own that names it
        years = [str(y) for y in range(2024 - rng.randint(2, 3), 2024)]
        head = [""] + years
        rows.append(f"<tr{shade}>" + td("") + "".join(td(h, True) for h in head[1:]) + "</tr>")
        cells.append(head)
        items = rng.sample(PROGRAMMES + TOPICS[:8], 9)
        for g, group in enumerate(rng.sample(["Income", "Expenditure", "Financing", "Households", "Businesses"],
                                             rng.randint(2, 3))):
            rows.append("<tr>" + td(group, extra=f' colspan="{len(head)}"', bold=True) + "</tr>")
            cells.append([group])
            for label in items[3 * g:3 * g + rng.randint(2, 3)]:
                figures = [figure_text(rng, "count") for _ in head[1:]]
                rows.append("<tr><td>" + "&nbsp;" * 4 + esc(label) + "</td>" + "".join(td(f, True) for f in figures)
                            + "</tr>")
                cells.append([label] + figures)
    elif kind == "grouped":
        groups = sorted(rng.sample(["2020", "2021", "2022", "2023"], 2))
        subs = rng.choice([["Male", "Female"], ["Urban", "Rural"], ["Count", "Rate"]])
        rows.append(f"<tr{shade}>" + td("Region", extra=' rowspan="2"')
                    + "".join(f'<td colspan="2" align="center">{g}</td>' for g in groups) + "</tr>")
        rows.append(f"<tr{shade}>" + "".join(td(s, True) for s in subs * 2) + "</tr>")
        body = [[r] + [figure_text(rng, "count") for _ in range(4)] for r in rng.sample(REGIONS, rng.randint(4, 8))]
        rows += ["<tr>" + td(b[0]) + "".join(td(c, True) for c in b[1:]) + "</tr>" for b in body]
        cells = [["Region"] + groups, subs * 2] + body
    else:
        leaders = kind == "leaders"
        two = leaders or kind == "narrow"  # a narrow table fits a column of a two-column page
        years = [str(y) for y in range(2024 - (2 if two else rng.randint(2, 4)), 2024)]
        head = [rng.choice(["", "Item", "Category"]) if not leaders else "Function"] + years
        if not two and rng.random() < 0.5:
            head.append("Change (%)")
        rows.append(f"<tr{shade}>" + td(head[0]) + "".join(td(h, True) for h in head[1:]) + "</tr>")
        cells.append(head)
        labels = rng.sample(PROGRAMMES + TOPICS[:8], rng.randint(4, 6) if kind == "narrow" else rng.randint(5, 11))
        # a label long enough to wrap in its cell, the row's figures beside its first line
        labels = [l + " " + " ".join(rng.sample(WORDS, 6)) if kind == "figures" and rng.random() < 0.15 else l
                  for l in labels]
        style = rng.choice(["count", "count", "money", "share"])
        for i, label in enumerate(labels):
            indent = not leaders and i > 0 and rng.random() < 0.25
            figures = [figure_text(rng, "change" if h.startswith("Change") else style) for h in head[1:]]
            shown = ("&nbsp;" * 4 if indent else "") + esc(label) + (" " + "." * rng.randint(25, 60) if leaders else "")
            rows.append("<tr>" + f"<td>{shown}</td>" + "".join(td(f, True) for f in figures) + "</tr>")
            cells.append([label] + figures)
        if rng.random() < 0.6:
            total = [figure_text(rng, "count") for _ in head[1:]]
            rows.append("<tr>" + td("Total", bold=True) + "".join(td(f, True, bold=True) for f in total) + "</tr>")
            cells.append(["Total"] + total)
    return f"<table {attrs}>" + "".join(rows) + "</table>", cells


def html_report(rng, number):
    """A report written as HTML and typeset by LibreOffice Writer, in the table layouts of government and
    statistical reports: tables with and without captions (above, in capitals, or below), without
    rules, in a grid or with a shaded header; figures with dot leaders, indented labels, negatives and
    bold totals; tables of words; headers over two rows; notes under tables, sometimes with the next
    heading right after; and now and then a two-column page with a small table in one column."""
    title = f"{rng.choice(['Annual Report', 'Quarterly Review', 'Statistical Release'])} {number}: {rng.choice(TOPICS)}"
    headings, tables = [], []
    body = [f"<h1>{esc(title)}</h1>"]
    topics = Topics(rng)
    numbered_table = 0
    s = 0  # the number of the last numbered section
    for _ in range(rng.randint(3, 5)):
        name = rng.choice(CAPS_HEADINGS) if rng.random() < 0.2 else None
        if name is None or any(h["title"] == name for h in headings):
            s += 1
            name = f"{s} {topics.pop()}"
        body.append(f"<h2>{esc(name)}</h2>")
        headings.append({"title": name, "level": 1, "numbered": name[0].isdigit(), "runIn": False})
        for _ in range(rng.randint(1, 2)):
            body.append(f"<p>{esc(paragraph(rng, rng.randint(2, 4)))}</p>")
        two_columns = rng.random() < 0.15
        kind = "narrow" if two_columns else rng.choice(["figures", "figures", "leaders", "words", "grouped", "sections"])
        border = rng.choice(["none", "none", "grid", "shaded"])
        html, cells = html_table(rng, kind, border)
        caption_style = rng.choice(["none", "above", "above", "caps", "below"])
        caption = ""
        if caption_style != "none":
            numbered_table += 1
            text = f"{rng.choice(['Counts', 'Spending', 'Rates', 'Staff'])} by {rng.choice(['area', 'programme', 'region'])}"
            # numbered through the report, or within its section as reports with chapters number them
            label = str(numbered_table) if s == 0 or rng.random() < 0.6 else f"{s}{rng.choice(['-', '.'])}{numbered_table}"
            caption = (f"<p>TABLE {label} — {esc(text.upper())}</p>" if caption_style == "caps"
                       else f"<p><b>Table {label}.</b> {esc(text)}</p>")
        block = (caption if caption_style != "below" else "") + html + (caption if caption_style == "below" else "")
        if rng.random() < 0.4:
            block += f"<p><small>Source: {esc(rng.choice(AGENCIES))}. {esc(sentence(rng, 0))}</small></p>"
        if two_columns:
            # on a page of their own, the table opening or closing the two columns: Writer balances the
            # columns, and would otherwise break the table between them or over the page
            text = "".join(f"<p>{esc(paragraph(rng, 6))}</p>" for _ in range(2))
            body.append('<p style="page-break-before: always"></p><multicol cols="2" gutter="20">' + (block + text if rng.random() < 0.5 else text + block)
                        + "</multicol>")
        else:
            body.append(block)
        tables.append({"page": 0, "kind": kind, "cells": cells})
        if rng.random() < 0.6:
            body.append(f"<p>{esc(paragraph(rng))}</p>")
        if name[0].isdigit() and rng.random() < 0.4:
            sub = f"{s}.1 {topics.pop()}"
            body.append(f"<h3>{esc(sub)}</h3><p>{esc(paragraph(rng))}</p>")
            headings.append({"title": sub, "level": 2, "numbered": True, "runIn": False})
    html = ('<html><head><meta charset="utf-8"><title>' + esc(title) + "</title></head><body>"
            + "".join(body) + "</body></html>")
    truth = {"layout": "one-column", "title": title, "headings": headings, "tables": tables,
             "figures": [], "footnotes": [], "runningLines": []}
    return html, truth


def convert(xml, name, out, suffix="fodt"):
    with tempfile.TemporaryDirectory() as work:
        src = Path(work) / f"{name}.{suffix}"
        src.write_text(xml, encoding="utf-8")
        # HTML would open in Writer/Web, which exports no PDF; the Writer filter sets it as a document
        target = "pdf:writer_pdf_Export" if suffix == "html" else "pdf"
        run = subprocess.run(["soffice", "--headless", "--convert-to", target, "--outdir", work, str(src)],
                             capture_output=True, text=True)
        if run.returncode != 0 or not (Path(work) / f"{name}.pdf").exists():
            sys.exit(f"soffice failed on {name}: {run.stderr[-2000:]}")
        shutil.copy(Path(work) / f"{name}.pdf", out / f"{name}.pdf")

def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--seed", type=int, default=19)
    parser.add_argument("--count", type=int, default=8, help="LaTeX papers")
    parser.add_argument("--reports", type=int, default=3, help="LibreOffice reports (needs soffice)")
    parser.add_argument("--bulletins", type=int, default=4, help="LibreOffice statistical bulletins (needs soffice)")
    parser.add_argument("--html-reports", type=int, default=0,
                        help="reports written as HTML in government table layouts (LibreOffice)")
    parser.add_argument("--rich", type=int, default=2,
                        help="LaTeX papers with author blocks, lists, equations, theorems, algorithms, code, "
                             "diagrams, references and appendices")
    parser.add_argument("--rich-style", choices=RICH_STYLES, default="article", help="the class of the rich papers")
    for style in CLASSES:
        parser.add_argument(f"--{style}", type=int, default=COMMITTED[style], help=f"LaTeX papers in the {style} class")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    rng = random.Random(args.seed)

    def write(name, engine, truth):
        truth = {"file": f"{name}.pdf", "engine": engine, "seed": args.seed, **truth}
        (args.out / f"{name}.json").write_text(json.dumps(truth, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"{name}.pdf: {len(truth['headings'])} headings, {len(truth['tables'])} tables")

    def latex(name, number, style="article", rich=False):
        tex, truth = document(rng, number, style, rich)
        pages = typeset(tex, name, args.out)
        for t in truth["tables"]:
            t["page"] = pages[t.pop("label")]
        write(name, "pdflatex", truth)

    for number in range(1, args.count + 1):
        latex(f"latex-{number:02d}", number)
    for number in range(1, args.reports + 1):
        name = f"writer-{number:02d}"
        xml, truth = fodt(rng, number)
        convert(xml, name, args.out)
        write(name, "libreoffice", truth)
    for number in range(1, args.bulletins + 1):
        name = f"bulletin-{number:02d}"
        xml, truth = gov_report(rng, number)
        convert(xml, name, args.out)
        write(name, "libreoffice", truth)
    # after the others, so that adding these left the committed documents as they were
    for style in CLASSES:
        for number in range(1, getattr(args, style) + 1):
            latex(f"{style}-{number:02d}", number, style)
    for number in range(1, args.html_reports + 1):
        name = f"report-{number:02d}"
        html, truth = html_report(rng, number)
        convert(html, name, args.out, "html")
        write(name, "libreoffice", truth)
    for number in range(1, args.rich + 1):
        latex(f"rich-{number:02d}", number, args.rich_style, rich=True)


if __name__ == "__main__":
    main()
