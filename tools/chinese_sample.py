"""A short Chinese journal paper, written as a PDF with Qt (for tools/screenshot.py).

The text is the project's own (invented authors, titles and journals in the form of a
Chinese journal's GB/T 7714 reference list), typeset by Qt in a font that covers Chinese
(``fonts-noto-cjk``, installed by tools/setup.sh), so the pictures show Chinese headings,
names and references as a user sees them.

    .venv/bin/python tools/chinese_sample.py OUT.pdf
"""

from __future__ import annotations

import html
import sys
from pathlib import Path

if __package__ in (None, ""):  # run as a script: the repository's tools package
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

TITLE = "基于条件随机场的中文参考文献字段解析方法研究"
AUTHORS = "王晓明，李文华，陈思远"
AFFILIATION = "（示例大学 计算机科学与技术学院，北京 100000）"
ABSTRACT = (
    "摘要：参考文献列表是学术论文的重要组成部分。本文以条件随机场为基础，结合版面特征与"
    "字符特征，对中英文混排的参考文献进行切分和字段标注，并在自建语料上验证了方法的有效性。"
)
KEYWORDS = "关键词：参考文献解析；条件随机场；序列标注；信息抽取"
BODY = (
    "1 引言",
    "随着数字图书馆的发展，自动解析论文中的参考文献成为文献计量与知识服务的基础工作[1-3]。"
    "中文参考文献常与英文文献混排，著录格式遵循 GB/T 7714 标准[4]，但各期刊的细节差异较大。",
    "2 方法",
    "本文将参考文献字符串视为序列，采用条件随机场模型[5]进行标注，特征包括字符类别、"
    "标点、数字模式以及文献类型标识[6-8]。",
)
REFERENCES = (
    "张伟，刘洋. 中文科技文献元数据自动抽取研究[J]. 情报学报，2019，38(5)：471-480.",
    "赵敏，孙立群，周杰. 基于深度学习的学术文献结构识别[J]. 图书情报工作，2020，64(12)：86-95.",
    "刘红，杨帆. 条件随机场在中文分词中的应用[J]. 计算机工程，2015，41(8)：201-206.",
    "全国信息与文献标准化技术委员会. 信息与文献 参考文献著录规则[S]. 北京：中国标准出版社，2015.",
    "黄海涛. 自然语言处理中的序列标注方法[M]. 北京：科学出版社，2018：45-67.",
    "吴晓东，郑丽. 中英文混排参考文献的自动切分[J]. 中文信息学报，2021，35(3)：112-120.",
    "陈晨，徐亮. 开源引文解析工具的比较研究[C]//第十届全国信息检索学术会议论文集. "
    "上海：复旦大学出版社，2018：120-128.",
    "林静. 学术论文参考文献格式规范化研究[D]. 武汉：武汉大学，2017.",
    "马俊峰，高雪. 面向知识服务的引文数据清洗方法[J]. 数据分析与知识发现，2022，6(4)：23-34.",
    "郭强，韩梅. 文献类型标识在引文解析中的作用[J]. 图书馆论坛，2016，36(9)：58-64.",
)


def paper_html() -> str:
    """The paper as HTML for Qt's text layout."""
    parts = [
        f"<h2 align='center'>{html.escape(TITLE)}</h2>",
        f"<p align='center'>{html.escape(AUTHORS)}<br>{html.escape(AFFILIATION)}</p>",
        f"<p>{html.escape(ABSTRACT)}</p><p>{html.escape(KEYWORDS)}</p>",
    ]
    for paragraph in BODY:
        tag = "h3" if paragraph[0].isdigit() and len(paragraph) < 12 else "p"
        parts.append(f"<{tag}>{html.escape(paragraph)}</{tag}>")
    parts.append("<h3>参考文献</h3>")
    for number, reference in enumerate(REFERENCES, 1):
        parts.append(f"<p>[{number}] {html.escape(reference)}</p>")
    return "\n".join(parts)


def write(out: Path) -> Path:
    """Write the paper to ``out`` (needs a QGuiApplication)."""
    from tools.qtpdf import write_html

    return write_html(
        out,
        paper_html(),
        "Noto Serif CJK SC",
        10,
        title=TITLE,
        creator="refmanager tools/chinese_sample.py",
    )


def main() -> int:
    from PySide6.QtGui import QGuiApplication

    _app = QGuiApplication(sys.argv[:1])
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path("chinese-sample.pdf")
    print(write(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
