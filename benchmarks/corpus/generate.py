#!/usr/bin/env python3
"""Generates the parse-quality corpus: LaTeX papers with known structure, typeset by pdflatex.

Each document is drawn from a seeded random generator: one- or two-column article class, numbered
and unnumbered headings on three levels, run-in paragraph headings, footnotes, pgfplots figures with
axis labels and legends, tables (some side by side, some with a header over two rows), running
headers and a venue footer, and long words that TeX hyphenates at line ends. The ground truth JSON
next to each PDF is derived from the source: the headings with their levels and numbers, and the
tables with their cells and the page LaTeX put them on (read back from the .aux file).

Usage: benchmarks/corpus/generate.py OUT_DIR [--seed N] [--count N]
Needs pdflatex with texlive-latex-extra and texlive-pictures; the output is committed, so builds
and CI never need TeX.
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
        cap = f"{rng.choice(['Main results', 'Corpus statistics', 'Ablation'])} on the {rng.choice(WORDS)} set."
        latex = (
            f"\\begin{{table{star}}}[t]\\centering\\small\n\\caption{{{cap}}}\\label{{{label}}}\n"
            f"{body}\n\\end{{table{star}}}\n"
        )
        out.append((label, cells))
    return latex, out


def document(rng, number):
    two_column = number % 2 == 0
    title = f"A Study of {rng.choice(TOPICS)} on Generated Papers {number}"
    short = f"Generated paper {number}"
    venue = rng.choice(VENUES).format(p=rng.randint(10, 99))
    headings = []
    table_truth = []
    figure_truth = []
    footnotes = []
    body = []
    topics = rng.sample(TOPICS, len(TOPICS))
    if rng.random() < 0.5:
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
    options = "10pt,twocolumn" if two_column else "11pt"
    tex = (
        f"\\documentclass[{options}]{{article}}\n"
        + ("\\usepackage[T1]{fontenc}\\usepackage{mathptmx}\n" if number % 4 in (1, 2) else "")
        + "\\usepackage[utf8]{inputenc}\n"
        "\\usepackage[margin=2cm]{geometry}\\usepackage{booktabs}\\usepackage{caption}\n"
        "\\usepackage{pgfplots}\\pgfplotsset{compat=1.18}\\usepackage{fancyhdr}\n"
        "\\setcounter{secnumdepth}{3}\n"
        "\\pagestyle{fancy}\\fancyhf{}\n"
        f"\\fancyhead[L]{{\\small {short}}}\\fancyhead[R]{{\\small\\thepage}}\n"
        f"\\fancyfoot[C]{{\\footnotesize {venue}}}\n"
        f"\\title{{{title}}}\\author{{Synthetic Author {number}}}\\date{{}}\n"
        "\\begin{document}\\maketitle\\thispagestyle{fancy}\n" + "\n".join(body) + "\\end{document}\n"
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


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--seed", type=int, default=19)
    parser.add_argument("--count", type=int, default=8)
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    rng = random.Random(args.seed)
    for number in range(1, args.count + 1):
        name = f"latex-{number:02d}"
        tex, truth = document(rng, number)
        pages = typeset(tex, name, args.out)
        for t in truth["tables"]:
            t["page"] = pages[t.pop("label")]
        truth = {"file": f"{name}.pdf", "engine": "pdflatex", "seed": args.seed, **truth}
        (args.out / f"{name}.json").write_text(json.dumps(truth, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"{name}.pdf: {len(truth['headings'])} headings, {len(truth['tables'])} tables")


if __name__ == "__main__":
    main()
