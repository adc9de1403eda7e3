"""A generator of realistic, invented bibliographic records (CSL-JSON dicts).

Names come from many cultures (with particles, suffixes, diacritics, corporate authors),
titles from subject vocabularies, venues from journal, conference and publisher patterns;
a share of the records are Chinese (names in characters, Chinese titles and venues).
Nothing here is copied from the benchmark or seed sets.
"""

from __future__ import annotations

import random
from typing import Any

GIVEN = (
    "James Mary John Patricia Robert Jennifer Michael Linda William Elizabeth David Barbara "
    "Richard Susan Joseph Jessica Thomas Sarah Charles Karen Daniel Nancy Matthew Lisa Anthony "
    "Mark Emily Paul Donna Steven Michelle Andrew Laura Kenneth Rebecca Kevin Sharon Brian "
    "Jonas Lukas Felix Maximilian Anna Lena Sophie Hannah Jürgen Günther Björn Søren Åsa "
    "Jean Pierre Marie Camille Élodie François Hélène Thibault Loïc Gaëlle Renée "
    "José María Lucía Álvaro Sofía Pablo Alejandro Jesús Inés Ramón Joaquín "
    "Giuseppe Giovanni Francesca Alessandro Chiara Matteo Paolo Luca Giulia "
    "Ivan Dmitri Olga Sergei Natalia Yuri Aleksandr Tatiana Mikhail Ekaterina "
    "Łukasz Paweł Małgorzata Wojciech Zofia Krzysztof Jiří Tomáš Petra Zdeněk "
    "Hiroshi Yuki Takeshi Haruka Kenji Akira Sakura Daisuke Naoko Ryo "
    "Min-Jun Seo-Yeon Ji-Hoon Hye-Jin Dong-Hyun Sung-Min "
    "Wei Li Jing Ying Hao Jun Yang Lei Xiaoming Zhiwei Yuxuan Haoran Xinyi Mingyu Jiahui "
    "Zhengxiao Yiming Ruoxi Tianyu Qiang Bo Chen Fei Xiaodong "
    "Arjun Priya Rahul Ananya Vikram Deepika Sanjay Lakshmi Aditya Kavya Rohan Siddharth "
    "Mohammed Fatima Ahmed Aisha Omar Layla Hassan Yusuf Mariam Karim Tariq Zainab "
    "Kwame Ama Chinedu Ngozi Oluwaseun Amara Tendai Thabo "
    "Nguyen Thi Minh Anh Quang Huong Duc Linh "
    "Mehmet Ayşe Emre Zeynep Burak Elif "
    "Sigrid Olav Ingrid Magnus Freya Lars Astrid "
    "Ashish Noam Niki Jakob Llion Aidan Łukasz Illia Iz Arman Teven Gabriele "
    "Sean Siobhan Ciarán Aoife Ewan Isla Rhys Bronwen"
).split()

FAMILY = (
    "Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez Lopez "
    "Wilson Anderson Taylor Thomas Moore Jackson Martin Lee Thompson White Harris Clark Lewis "
    "Robinson Walker Young Allen King Wright Scott Green Baker Adams Nelson Hill Campbell "
    "Müller Schmidt Schneider Fischer Weber Meyer Wagner Becker Schulz Hoffmann Schäfer Koch "
    "Dubois Lefèvre Moreau Laurent Girard Bonnet Dupont Lambert Fontaine Rousseau Chevalier "
    "González Fernández Sánchez Pérez Gómez Martín Jiménez Ruiz Díaz Álvarez Romero Navarro "
    "Rossi Russo Ferrari Esposito Bianchi Romano Colombo Ricci Marino Greco Bruno Gallo "
    "Ivanov Smirnov Kuznetsov Popov Sokolov Lebedev Kozlov Novikov Morozov Petrov Volkov "
    "Kowalski Nowak Wiśniewski Wójcik Kowalczyk Kamiński Lewandowski Zieliński Dvořák Novák "
    "Sato Suzuki Takahashi Tanaka Watanabe Ito Yamamoto Nakamura Kobayashi Kato Yoshida "
    "Kim Park Choi Jung Kang Cho Yoon Jang Lim Han "
    "Wang Li Zhang Liu Chen Yang Huang Zhao Wu Zhou Xu Sun Ma Zhu Hu Guo He Lin Gao Luo "
    "Zheng Liang Xie Song Tang Xiao Deng Feng Cao Peng Zeng Cheng Yuan Lu Pan Jiang Cai Jia "
    "Patel Sharma Singh Kumar Gupta Reddy Iyer Nair Rao Mehta Agarwal Chatterjee Banerjee "
    "Khan Ali Hussein Rahman Haddad Nasser Saleh Aziz Farouk Mansour "
    "Okafor Mensah Adeyemi Nwosu Mbeki Okonkwo Diallo Traoré Keita "
    "Nguyen Tran Pham Hoang Vu Dang Bui Do "
    "Yılmaz Kaya Demir Şahin Çelik Öztürk "
    "Hansen Johansen Larsen Andersen Nielsen Eriksson Lindqvist Karlsson Nyström "
    "O'Brien O'Connor MacDonald McAllister Fitzgerald Murphy Kelly "
    "Romera-Paredes Lloyd-Jones Abdu-Rahman Smith-Taylor Ben-David "
    "Vaswani Shazeer Parmar Uszkoreit Gomez Kaiser Polosukhin Beltagy Cohan Rajbhandari "
    "Narayanan Shoeybi Korthikanti Huang Dettmers Zaharia Stoica Abadi Dean Ghemawat"
).split()

PARTICLE_FAMILIES = (
    "von Platen|van der Berg|van den Oord|de Vries|van Rossum|von Neumann|de la Cruz|"
    "Le Scao|Le Cun|De Sa|Del Balso|da Silva|dos Santos|di Lorenzo|van Gogh|ter Haar|"
    "Van Durme|de Moura|du Bois|La Rosa|van Houten|von Luxburg"
).split("|")

CORPORATE = (
    "The Mosaic Research Team|OpenAI|World Health Organization|ATLAS Collaboration|"
    "CMS Collaboration|International Organization for Standardization|Google DeepMind|"
    "Meta AI|National Research Council|The Open Group|BigScience Workshop|Gemini Team|"
    "European Commission|IEEE Computer Society|The Linux Foundation|Qwen Team|"
    "National Bureau of Statistics of China|NVIDIA Corporation|The PyTorch Team|"
    "U.S. Department of Energy|Apache Software Foundation|Python Software Foundation|"
    "LLaMA Team|The Unicode Consortium|World Wide Web Consortium"
).split("|")

ZH_FAMILY = (
    "王 李 张 刘 陈 杨 黄 赵 吴 周 徐 孙 马 朱 胡 郭 何 林 高 罗 郑 梁 谢 宋 唐 许 韩 冯 邓 曹 "
    "彭 曾 萧 田 董 袁 潘 于 蒋 蔡 余 杜 叶 程 苏 魏 吕 丁 任 沈 姚 卢 姜 崔 钟 谭 陆 汪 范 金 "
    "石 廖 贾 夏 韦 付 方 白 邹 孟 熊 秦 邱 江 尹 薛 闫 段 雷 侯 龙 史 陶 黎 贺 顾 毛 郝 龚 邵 "
    "欧阳 司马 诸葛 上官 东方 皇甫 慕容 令狐 司徒 夏侯"
).split()
ZH_GIVEN_CHARS = (
    "伟 芳 娜 敏 静 丽 强 磊 军 洋 勇 艳 杰 涛 明 超 秀 霞 平 刚 桂 英 华 文 辉 建 国 志 海 "
    "红 玉 兰 飞 鹏 浩 宇 晨 欣 怡 子 轩 梓 涵 博 然 思 远 嘉 琪 泽 瑞 凯 鑫 晓 东 雪 春 亮 "
    "斌 彬 峰 震 林 森 立 新 智 慧 颖 冰 琳 岩 云 天 翔 俊 毅 松 凡 航"
).split()

SUBJECT_WORDS = {
    "cs": (
        "learning neural networks deep transformer attention language models large-scale "
        "distributed training inference optimization graph representation retrieval "
        "reinforcement policy gradient convolutional recurrent memory efficient sparse "
        "parallelism pipeline tensor data model scheduling cluster GPU accelerator compiler "
        "kernel quantization pruning distillation federated privacy security robustness "
        "adversarial generative diffusion contrastive self-supervised benchmark dataset "
        "evaluation alignment instruction tuning mixture experts routing communication "
        "compression checkpointing fault tolerance elastic heterogeneous serving latency "
        "throughput caching storage database query transaction consistency replication "
        "consensus verification synthesis program analysis software testing debugging"
    ).split(),
    "bio": (
        "protein structure prediction gene expression single-cell sequencing genome "
        "mutation cancer immune response tumor microenvironment cell signaling pathway "
        "clinical trial cohort patients mortality risk factors disease progression "
        "biomarkers metabolic inflammation antibody vaccine infection viral bacterial "
        "microbiome diversity evolution phylogenetic population dynamics species ecology"
    ).split(),
    "phys": (
        "quantum entanglement spin dynamics topological phase transitions superconductivity "
        "magnetic field lattice thermal transport optical properties laser spectroscopy "
        "dark matter galaxy formation cosmic gravitational waves neutrino detector "
        "measurement cross section scattering plasma turbulence fluid flow climate ocean"
    ).split(),
    "soc": (
        "social economic policy inequality education labor market health outcomes "
        "migration urban rural governance institutions trust political behavior media "
        "identity gender culture history memory language learning students teachers "
        "organizational management innovation firms productivity trade finance growth"
    ).split(),
}
TITLE_TEMPLATES = (
    "{A} {B} for {C} {D}",
    "On the {A} of {B} {C}",
    "{A}: {B} {C} with {D} {E}",
    "Towards {A} {B} {C}",
    "{A} {B} {C} via {D} {E}",
    "A survey of {A} {B}",
    "{A} is all you need",
    "Understanding {A} {B} in {C} {D}",
    "{A}-aware {B} {C} for {D}",
    "Scaling {A} {B} to {C} {D}",
    "{A} and {B}: a {C} perspective",
    "Rethinking {A} {B}",
    "{A} {B}, {C} and {D} in {E} {F}",
    "Why do {A} {B} {C}?",
    "{A}{n}: {B} {C} at scale",
    "An empirical study of {A} {B} {C}",
    "{A} {B} {C}",
    "Efficient {A} of {B} {C} using {D}",
    "The effect of {A} on {B} {C}: evidence from {D}",
    "{A} {B}: Theory and practice",
)
ZH_TITLE_PARTS = (
    "基于 深度学习 的 大语言模型 预训练 系统 关键技术 综述 研究 方法 分布式 训练 优化 "
    "图神经网络 知识图谱 推荐系统 数据库 查询 并行 计算 调度 算法 模型 压缩 推理 加速 "
    "异构 集群 通信 存储 软件 测试 程序 分析 缺陷 检测 安全 隐私 联邦学习 强化学习 "
    "自然语言处理 计算机视觉 目标检测 图像 分割 语义 表示 评估 框架 设计 实现 应用 进展 "
    "面向 云计算 边缘计算 容错 高性能 大规模 稀疏 注意力 机制"
).split()
ZH_JOURNALS = (
    "软件学报 计算机学报 计算机研究与发展 中国科学:信息科学 电子学报 自动化学报 通信学报 "
    "计算机科学 计算机工程 计算机应用 清华大学学报(自然科学版) 北京大学学报(自然科学版) "
    "浙江大学学报(工学版) 中文信息学报 模式识别与人工智能 计算机辅助设计与图形学学报 "
    "数据采集与处理 控制与决策 大数据 智能系统学报 科学通报 物理学报 中国图象图形学报"
).split()
ZH_PUBLISHERS = (
    "清华大学出版社 科学出版社 高等教育出版社 机械工业出版社 电子工业出版社 人民邮电出版社 "
    "北京大学出版社 中国标准出版社 浙江大学出版社"
).split()
ZH_PLACES = "北京 上海 杭州 南京 武汉 广州 成都 西安 长沙 合肥 天津 深圳".split()
ZH_UNIVERSITIES = (
    "清华大学 北京大学 浙江大学 复旦大学 上海交通大学 南京大学 中国科学技术大学 武汉大学 "
    "哈尔滨工业大学 中国科学院大学 国防科技大学 北京航空航天大学"
).split()

JOURNALS = (
    "Nature|Science|Cell|Nature Communications|Physical Review Letters|Physical Review B|"
    "Proceedings of the National Academy of Sciences|Journal of Machine Learning Research|"
    "Machine Learning|Neural Computation|Artificial Intelligence|Communications of the ACM|"
    "ACM Computing Surveys|ACM Transactions on Computer Systems|ACM Transactions on Graphics|"
    "IEEE Transactions on Pattern Analysis and Machine Intelligence|"
    "IEEE Transactions on Neural Networks and Learning Systems|IEEE Transactions on Computers|"
    "IEEE Transactions on Parallel and Distributed Systems|IEEE Access|"
    "IEEE Transactions on Software Engineering|Journal of Parallel and Distributed Computing|"
    "Proceedings of the VLDB Endowment|The VLDB Journal|Information Sciences|Pattern Recognition|"
    "Neurocomputing|Knowledge-Based Systems|Expert Systems with Applications|"
    "Transactions of the Association for Computational Linguistics|Computational Linguistics|"
    "Journal of the American Statistical Association|Annals of Statistics|Biometrika|"
    "The Lancet|New England Journal of Medicine|BMJ|JAMA|PLOS ONE|PLOS Computational Biology|"
    "Bioinformatics|Nucleic Acids Research|Genome Research|Journal of Biological Chemistry|"
    "American Economic Review|Quarterly Journal of Economics|Journal of Political Economy|"
    "American Sociological Review|Psychological Science|Journal of Applied Psychology|"
    "Journal of Fluid Mechanics|Astrophysical Journal|Monthly Notices of the Royal Astronomical Society|"
    "Geophysical Research Letters|Journal of Climate|Water Research|Energy Policy|"
    "Science China Information Sciences|Frontiers of Computer Science|"
    "Journal of Computer Science and Technology|Scientific Reports|eLife|"
    "IEEE Trans. Pattern Anal. Mach. Intell.|J. Mach. Learn. Res.|Phys. Rev. Lett.|"
    "Proc. Natl. Acad. Sci. USA|Commun. ACM|ACM Comput. Surv.|Nat. Mach. Intell.|"
    "IEEE Trans. Neural Netw. Learn. Syst.|J. Am. Stat. Assoc.|Nucleic Acids Res.|"
    "Int. J. Comput. Vis.|Future Gener. Comput. Syst.|J. Syst. Softw."
).split("|")

CONFERENCES = (
    ("Advances in Neural Information Processing Systems", "NeurIPS"),
    ("International Conference on Machine Learning", "ICML"),
    ("International Conference on Learning Representations", "ICLR"),
    ("IEEE/CVF Conference on Computer Vision and Pattern Recognition", "CVPR"),
    ("Annual Meeting of the Association for Computational Linguistics", "ACL"),
    ("Conference on Empirical Methods in Natural Language Processing", "EMNLP"),
    ("ACM Symposium on Operating Systems Principles", "SOSP"),
    ("USENIX Symposium on Operating Systems Design and Implementation", "OSDI"),
    ("USENIX Symposium on Networked Systems Design and Implementation", "NSDI"),
    ("USENIX Annual Technical Conference", "USENIX ATC"),
    ("International Conference for High Performance Computing, Networking, Storage and Analysis", "SC"),
    ("ACM SIGMOD International Conference on Management of Data", "SIGMOD"),
    ("International Conference on Very Large Data Bases", "VLDB"),
    ("ACM SIGKDD Conference on Knowledge Discovery and Data Mining", "KDD"),
    ("AAAI Conference on Artificial Intelligence", "AAAI"),
    ("International Joint Conference on Artificial Intelligence", "IJCAI"),
    ("European Conference on Computer Systems", "EuroSys"),
    ("ACM Symposium on Principles and Practice of Parallel Programming", "PPoPP"),
    ("International Symposium on Computer Architecture", "ISCA"),
    ("International Conference on Software Engineering", "ICSE"),
    ("The Web Conference", "WWW"),
    ("International Conference on Acoustics, Speech and Signal Processing", "ICASSP"),
    ("Conference on Robot Learning", "CoRL"),
    ("Symposium on Cloud Computing", "SoCC"),
)
CONF_PATTERNS = (
    "Proceedings of the {nth} {name}",
    "Proceedings of the {year} {name}",
    "Proc. of the {nth} {name}",
    "Proc. of the {year} {abbrev_name}",
    "{name}",
    "Proceedings of {abbrev} {year}",
    "{nth} {name} ({abbrev} {year})",
    "Proceedings of the {name}",
    "{year} {name}",
)
PUBLISHERS = (
    ("Springer", "Berlin"),
    ("Springer", "Cham"),
    ("Springer", "New York"),
    ("Elsevier", "Amsterdam"),
    ("MIT Press", "Cambridge, MA"),
    ("Cambridge University Press", "Cambridge"),
    ("Oxford University Press", "Oxford"),
    ("Princeton University Press", "Princeton"),
    ("Wiley", "Hoboken, NJ"),
    ("John Wiley & Sons", "New York"),
    ("O'Reilly Media", "Sebastopol, CA"),
    ("Addison-Wesley", "Boston"),
    ("Prentice Hall", "Upper Saddle River, NJ"),
    ("CRC Press", "Boca Raton, FL"),
    ("ACM", "New York, NY, USA"),
    ("IEEE", "Piscataway, NJ"),
    ("IEEE Computer Society", "Los Alamitos, CA"),
    ("USENIX Association", "Berkeley, CA"),
    ("Curran Associates, Inc.", "Red Hook, NY"),
    ("PMLR", ""),
    ("Association for Computational Linguistics", "Stroudsburg, PA"),
    ("Morgan Kaufmann", "San Francisco"),
    ("Routledge", "London"),
    ("SAGE Publications", "Thousand Oaks, CA"),
    ("University of Chicago Press", "Chicago"),
    ("Harvard University Press", "Cambridge, MA"),
    ("Gallimard", "Paris"),
    ("Suhrkamp", "Frankfurt am Main"),
    ("Birkhäuser", "Basel"),
    ("World Scientific", "Singapore"),
    ("Now Publishers", "Hanover, MA"),
)
INSTITUTIONS = (
    "Stanford University|Massachusetts Institute of Technology|University of California, Berkeley|"
    "Carnegie Mellon University|University of Oxford|ETH Zürich|Tsinghua University|"
    "University of Toronto|Technische Universität München|Université Paris-Saclay|"
    "National University of Singapore|University of Tokyo|Indian Institute of Science|"
    "Microsoft Research|Google Research|IBM Research|Sandia National Laboratories|"
    "Max Planck Institute for Informatics|University of Cape Town|KAIST"
).split("|")
PLACES = (
    "Stanford, CA|Cambridge, MA|Berkeley, CA|Pittsburgh, PA|Oxford, UK|Zürich|Beijing|Toronto|"
    "Munich, Germany|Paris|Singapore|Tokyo|Bangalore|Redmond, WA|Mountain View, CA|"
    "Albuquerque, NM|Saarbrücken|Cape Town|Daejeon"
).split("|")
WEB_HOSTS = (
    "github.com|huggingface.co|blog.example.org|openai.com/research|www.nvidia.com/en-us/data-center|"
    "pytorch.org/docs|arxiv.org/abs|ai.googleblog.com|www.mosaicml.com/blog|developer.nvidia.com/blog|"
    "www.tensorflow.org|docs.python.org/3/library|www.who.int/publications|data.worldbank.org|"
    "www.nature.com/articles|papers.nips.cc/paper|proceedings.mlr.press|aclanthology.org"
).split("|")


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _abbreviate(name: str) -> str:
    table = {
        "Conference": "Conf.",
        "International": "Int'l",
        "Symposium": "Symp.",
        "Proceedings": "Proc.",
        "Annual": "Annual",
        "Association": "Association",
        "Computational": "Computational",
        "Systems": "Systems",
        "Design": "Design",
    }
    return " ".join(table.get(w, w) for w in name.split())


class RecordGenerator:
    """Random invented records; the same seed gives the same records."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    # ---------------------------------------------------------------- pieces
    def person(self) -> dict[str, str]:
        r = self.rng
        roll = r.random()
        if roll < 0.06:
            family = r.choice(PARTICLE_FAMILIES)
        else:
            family = r.choice(FAMILY)
        given = r.choice(GIVEN)
        if r.random() < 0.3:
            given += " " + (r.choice(GIVEN) if r.random() < 0.4 else r.choice("ABCDEFGHJKLMNPRSTW") + ".")
        name = {"family": family, "given": given}
        if r.random() < 0.015:
            name["suffix"] = r.choice(["Jr.", "III", "II", "Sr."])
        return name

    def zh_name(self) -> str:
        r = self.rng
        given = "".join(r.choice(ZH_GIVEN_CHARS) for _ in range(r.choice((1, 2, 2, 2))))
        return r.choice(ZH_FAMILY) + given

    def authors(self, zh: bool = False) -> list[dict[str, str]]:
        r = self.rng
        roll = r.random()
        if zh:
            n = r.choice((1, 1, 2, 2, 3, 3, 4, 5))
            return [{"literal": self.zh_name()} for _ in range(n)]
        if roll < 0.04:
            return [{"literal": r.choice(CORPORATE)}]
        weights = (1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 16, 25)
        n = r.choices(weights, cum_weights=(22, 44, 60, 72, 80, 85, 88, 91, 94, 96, 98, 100))[0]
        people = [self.person() for _ in range(n)]
        if r.random() < 0.03:
            people[-1] = {"literal": r.choice(CORPORATE)}
        return people

    def title(self, zh: bool = False) -> str:
        r = self.rng
        if zh:
            return "".join(r.choice(ZH_TITLE_PARTS) for _ in range(r.randint(3, 7)))
        words = SUBJECT_WORDS[r.choice(("cs", "cs", "cs", "bio", "phys", "soc"))]
        fill = {k: r.choice(words) for k in "ABCDEF"}
        fill["n"] = str(r.randint(2, 9))
        text = r.choice(TITLE_TEMPLATES).format(**fill)
        if r.random() < 0.12:
            acr = "".join(w[0] for w in text.split()[:4]).upper()
            text = f"{acr}: {text}"
        if r.random() < 0.05:
            text += f" ({r.choice(['Extended Abstract', 'Invited Paper', 'Poster'])})"
        text = text[0].upper() + text[1:]
        if r.random() < 0.35:
            text = " ".join(w[:1].upper() + w[1:] if len(w) > 3 else w for w in text.split())
        return text

    def year(self) -> int:
        r = self.rng
        return r.choice((r.randint(2015, 2025), r.randint(2000, 2025), r.randint(1950, 2025)))

    def pages(self) -> str:
        r = self.rng
        if r.random() < 0.08:
            return r.choice(["e", "", "e1000", "A"]) + str(r.randint(10, 99999))
        start = r.randint(1, 3000)
        return f"{start}-{start + r.randint(1, 40)}"

    def doi(self) -> str:
        r = self.rng
        prefix = r.choice(["10.1145", "10.1109", "10.1007", "10.1016", "10.1038", "10.1126",
                           "10.48550", "10.18653", "10.1093", "10.1371", "10.13328", "10.3390"])
        suffix = r.choice([
            f"{r.randint(1000000, 3999999)}.{r.randint(1000000, 9999999)}",
            f"TPAMI.{r.randint(2000, 2025)}.{r.randint(1000000, 9999999)}",
            f"s{r.randint(10000, 99999)}-0{r.randint(10, 99)}-{r.randint(1000, 9999)}-{r.randint(1, 9)}",
            f"j.{r.choice(['neucom', 'patcog', 'ins', 'eswa'])}.{r.randint(2000, 2025)}.{r.randint(10, 12)}.{r.randint(100, 999)}",
            f"nature{r.randint(10000, 99999)}",
            f"arXiv.{r.randint(1501, 2412)}.{r.randint(10000, 19999)}",
            f"v1/{r.randint(2019, 2024)}.acl-long.{r.randint(1, 999)}",
            f"jos.{r.randint(100000, 999999)}",
        ])
        return f"{prefix}/{suffix}"

    def arxiv_id(self) -> str:
        r = self.rng
        return f"{r.randint(15, 25)}{r.randint(1, 12):02d}.{r.randint(0, 29999):05d}"

    # ---------------------------------------------------------------- records
    def record(self, zh: bool = False) -> dict[str, Any]:
        r = self.rng
        if zh:
            kind = r.choices(
                ["article-journal", "paper-conference", "book", "thesis", "report", "standard"],
                cum_weights=(60, 72, 82, 94, 97, 100),
            )[0]
        else:
            kind = r.choices(
                ["article-journal", "paper-conference", "book", "chapter", "thesis", "report",
                 "preprint", "webpage", "software", "standard", "patent"],
                cum_weights=(36, 60, 66, 70, 73, 76, 86, 91, 96, 98, 100),
            )[0]
        rec: dict[str, Any] = {"type": kind, "author": self.authors(zh), "title": self.title(zh)}
        year = self.year()
        rec["issued"] = {"date-parts": [[year]]}
        if r.random() < 0.08:
            rec["issued"]["date-parts"][0].append(r.randint(1, 12))
        if kind == "article-journal":
            rec["container-title"] = r.choice(ZH_JOURNALS) if zh else r.choice(JOURNALS)
            if r.random() < 0.9:
                rec["volume"] = str(r.randint(1, 80) if r.random() < 0.8 else r.randint(100, 999))
            if r.random() < 0.75:
                rec["issue"] = str(r.randint(1, 12))
            if r.random() < 0.93:
                rec["page"] = self.pages()
        elif kind == "paper-conference":
            if zh:
                rec["container-title"] = f"第{r.randint(10, 40)}届全国{r.choice(ZH_TITLE_PARTS)}学术会议论文集"
                rec["publisher-place"] = r.choice(ZH_PLACES)
                rec["publisher"] = r.choice(ZH_PUBLISHERS)
            else:
                name, abbrev = r.choice(CONFERENCES)
                rec["container-title"] = r.choice(CONF_PATTERNS).format(
                    nth=_ordinal(r.randint(2, 60)), name=name, year=year, abbrev=abbrev,
                    abbrev_name=_abbreviate(name),
                )
                if r.random() < 0.5:
                    pub, place = r.choice(PUBLISHERS[14:21])
                    rec["publisher"] = pub
                    if place and r.random() < 0.7:
                        rec["publisher-place"] = place
                if r.random() < 0.1:
                    rec["volume"] = str(r.randint(1, 40))
            if r.random() < 0.85:
                rec["page"] = self.pages()
        elif kind in ("book", "chapter"):
            if zh:
                rec["publisher"], rec["publisher-place"] = r.choice(ZH_PUBLISHERS), r.choice(ZH_PLACES)
            else:
                pub, place = r.choice(PUBLISHERS)
                rec["publisher"] = pub
                if place and r.random() < 0.8:
                    rec["publisher-place"] = place
            if r.random() < 0.15:
                rec["edition"] = str(r.randint(2, 5))
            if r.random() < 0.15:
                rec["ISBN"] = f"978-{r.randint(0, 9)}-{r.randint(100, 999)}-{r.randint(10000, 99999)}-{r.randint(0, 9)}"
            if kind == "chapter":
                rec["container-title"] = "Handbook of " + self.title().lower()
                rec["editor"] = [self.person() for _ in range(r.randint(1, 3))]
                rec["page"] = self.pages()
            if r.random() < 0.15:
                rec["collection-title"] = r.choice(
                    ["Lecture Notes in Computer Science", "Springer Series in Statistics",
                     "Synthesis Lectures on Computer Architecture", "Studies in Computational Intelligence"]
                )
                if r.random() < 0.6:
                    rec["collection-number"] = str(r.randint(1, 14000))
        elif kind == "thesis":
            if zh:
                rec["publisher"], rec["publisher-place"] = r.choice(ZH_UNIVERSITIES), r.choice(ZH_PLACES)
                rec["genre"] = r.choice(["博士学位论文", "硕士学位论文"])
            else:
                rec["publisher"] = r.choice(INSTITUTIONS[:14])
                rec["genre"] = r.choice(["PhD thesis", "Ph.D. dissertation", "Master's thesis", "Doctoral dissertation"])
                if r.random() < 0.5:
                    rec["publisher-place"] = r.choice(PLACES)
        elif kind == "report":
            rec["publisher"] = r.choice(INSTITUTIONS) if not zh else r.choice(ZH_UNIVERSITIES)
            rec["genre"] = r.choice(["Technical Report", "Tech. Rep.", "White paper", "Research Report"])
            rec["number"] = r.choice([f"TR-{year}-{r.randint(1, 99):02d}", f"{r.randint(100, 9999)}",
                                      f"UCB/EECS-{year}-{r.randint(1, 200)}"])
            if r.random() < 0.4:
                rec["publisher-place"] = r.choice(PLACES)
        elif kind == "preprint":
            ident = self.arxiv_id()
            if r.random() < 0.5:
                rec["type"] = "article-journal"
                rec["container-title"] = r.choice(
                    [f"arXiv preprint arXiv:{ident}", f"arXiv:{ident}", "arXiv", "CoRR"]
                )
                if rec["container-title"] == "CoRR":
                    rec["volume"] = f"abs/{ident}"
            else:
                rec["type"] = "article"
                rec["number"] = f"arXiv:{ident}"
                rec["genre"] = "preprint"
                if r.random() < 0.3:
                    rec["publisher"] = "arXiv"
            if r.random() < 0.25:
                rec["URL"] = f"https://arxiv.org/abs/{ident}"
        elif kind in ("webpage", "software"):
            host = "github.com" if kind == "software" else r.choice(WEB_HOSTS)
            slug = "/".join(r.choice(SUBJECT_WORDS["cs"]).lower() for _ in range(r.randint(1, 3)))
            rec["URL"] = f"https://{host}/{slug}" + ("/" if r.random() < 0.2 else "")
            if kind == "software":
                rec["container-title"] = "GitHub" if r.random() < 0.3 else ""
                if r.random() < 0.3:
                    rec["version"] = f"{r.randint(0, 3)}.{r.randint(0, 20)}"
                if r.random() < 0.3:
                    rec["medium"] = "Internet"
            else:
                rec["container-title"] = r.choice(["", "", "NVIDIA Technical Blog", "OpenAI Blog", "Hugging Face Blog"])
            if r.random() < 0.5:
                rec["accessed"] = {"date-parts": [[r.randint(2020, 2025), r.randint(1, 12), r.randint(1, 28)]]}
            if not rec["container-title"]:
                del rec["container-title"]
        elif kind == "standard":
            org = r.choice(["ISO", "IEC", "IEEE Std", "GB/T", "ANSI"])
            rec["number"] = f"{org} {r.randint(100, 40000)}{r.choice(['', '-1', '-2'])}:{year}"
            rec["publisher"] = r.choice(["International Organization for Standardization", "IEEE", "ISO"]) if not zh else r.choice(ZH_PUBLISHERS)
            if zh:
                rec["publisher-place"] = "北京"
        elif kind == "patent":
            rec["number"] = f"US {r.randint(5000000, 11999999)} B{r.randint(1, 2)}"
        if r.random() < 0.25 and "DOI" not in rec and kind not in ("webpage", "software"):
            rec["DOI"] = self.doi()
        if zh and r.random() < 0.3:
            rec["note"] = "in Chinese with English abstract"
        elif not zh and r.random() < 0.02:
            rec["note"] = r.choice(["in press", "to appear", "in German", "Oral presentation"])
        return {k: v for k, v in rec.items() if v not in ("", None, [])}

    def zh_english(self) -> dict[str, Any]:
        """An English record as cited in a Chinese journal (abbreviated proceedings)."""
        rec = self.record()
        return rec
