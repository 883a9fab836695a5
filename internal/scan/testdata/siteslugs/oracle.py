#!/usr/bin/python3
"""Record the heading ids Python-Markdown (toc + attr_list) and
pymdownx.slugs render for headings.txt, one document, into
pymarkdown.json. Run with Debian's python3-markdown and python3-pymdownx:
  /usr/bin/python3 oracle.py > pymarkdown.json
"""
import json
import sys
from html.parser import HTMLParser

import markdown
import pymdownx
from markdown.extensions import toc
from pymdownx import slugs

headings = open("headings.txt", encoding="utf-8").read().splitlines()
doc = "\n\n".join("## " + h for h in headings) + "\n"


class IDs(HTMLParser):
    def __init__(self):
        super().__init__()
        self.ids = []

    def handle_starttag(self, tag, attrs):
        if tag == "h2":
            self.ids.append(dict(attrs).get("id", ""))


configs = {
    "toc.slugify": toc.slugify,
    "toc.slugify_unicode": toc.slugify_unicode,
    "pymdownx.slugs.slugify": slugs.slugify(),
    "pymdownx.slugs.slugify(case=lower)": slugs.slugify(case="lower"),
    "pymdownx.slugs.slugify(case=lower-ascii)": slugs.slugify(case="lower-ascii"),
    "pymdownx.slugs.slugify(case=fold)": slugs.slugify(case="fold"),
    "pymdownx.slugs.slugify(case=lower,percent_encode=true)": slugs.slugify(case="lower", percent_encode=True),
}
out = {"versions": {"markdown": markdown.__version__, "pymdownx": pymdownx.__version__}, "headings": headings, "ids": {}}
for name, fn in configs.items():
    for attr in (True, False):
        exts = ["toc"] + (["attr_list"] if attr else [])
        html = markdown.markdown(doc, extensions=exts, extension_configs={"toc": {"slugify": fn}})
        p = IDs()
        p.feed(html)
        assert len(p.ids) == len(headings), (name, len(p.ids))
        out["ids"][name + ("" if attr else " without attr_list")] = p.ids
# Footnote ids (footnotes.md), as any element id.
class AllIDs(HTMLParser):
    def __init__(self):
        super().__init__()
        self.ids = []

    def handle_starttag(self, tag, attrs):
        if dict(attrs).get("id"):
            self.ids.append(dict(attrs)["id"])


p = AllIDs()
p.feed(markdown.markdown(open("footnotes.md", encoding="utf-8").read(), extensions=["footnotes"]))
out["footnotes"] = sorted(p.ids)
json.dump(out, sys.stdout, ensure_ascii=False, indent=1)
print()
