"""Record the content-tab ids pymdownx.tabbed gives each page of cases.json.

Run with Python-Markdown and pymdown-extensions importable:
    PYTHONPATH=<markdown and pymdownx sources> python3 oracle.py
It rewrites the "ids" of every case in cases.json. An icon shortcode
(:material-…:, :octicons-…:, :fontawesome-…:, :simple-…:) is recognised as
mkdocs-material's emoji index does, and rendered as an element without text,
as its to_svg generator does.
"""
import json
import re
import xml.etree.ElementTree as etree

import markdown
from pymdownx import emoji
from pymdownx.slugs import slugify

ICONS = ('material-', 'octicons-', 'fontawesome-', 'simple-')


class Icons(dict):
    def get(self, key, default=None):
        if key.strip(':').startswith(ICONS):
            return {'name': key, 'unicode': 'f000', 'category': 'icon'}
        return super().get(key, default)


def index(options, md):
    base = emoji.emojione(options, md)
    return {'name': 'icons', 'emoji': Icons(base['emoji']), 'aliases': base['aliases']}


def to_svg(index, shortname, alias, uc, alt, title, category, options, md):
    el = etree.Element('span', {'class': 'twemoji'})
    etree.SubElement(el, 'svg')
    return el


def convert(case):
    cfg = case['config']
    exts = ['toc', 'tables', 'fenced_code', 'pymdownx.tabbed']  # MkDocs loads the first three
    tabbed = {'alternate_style': True}
    if cfg.get('slugify') is not None:
        tabbed['slugify'] = slugify(**cfg['slugify'])
    if cfg.get('combine'):
        tabbed['combine_header_slug'] = True
    ext_cfg = {'pymdownx.tabbed': tabbed}
    if cfg.get('toc_slugify') is not None:
        ext_cfg['toc'] = {'slugify': slugify(**cfg['toc_slugify'])}
    if cfg.get('attr_list'):
        exts.append('attr_list')
    if cfg.get('emoji'):
        exts.append('pymdownx.emoji')
        ext_cfg['pymdownx.emoji'] = {'emoji_index': index, 'emoji_generator': to_svg}
    html = markdown.markdown(case['page'], extensions=exts, extension_configs=ext_cfg)
    return re.findall(r'<input[^>]*\bid="([^"]*)"', html)


def main():
    with open('cases.json', encoding='utf-8') as f:
        cases = json.load(f)
    for case in cases:
        case['ids'] = convert(case)
    with open('cases.json', 'w', encoding='utf-8') as f:
        json.dump(cases, f, indent=1, ensure_ascii=False)
        f.write('\n')


main()
