"""Small transformers models with random weights, built from configs (no
download).  Add an architecture by adding one entry to MODELS."""
import torch


def _text_inputs(vocab, batch=2, seq=8, seed=0, token_type=False, attention=True):
    g = torch.Generator().manual_seed(seed)
    ids = torch.randint(0, vocab, (batch, seq), generator=g)
    d = {"input_ids": ids}
    if attention:
        d["attention_mask"] = torch.ones(batch, seq, dtype=torch.long)
    if token_type:
        d["token_type_ids"] = torch.zeros(batch, seq, dtype=torch.long)
    return d


SMALL = dict(hidden_size=32, num_hidden_layers=2, num_attention_heads=2, intermediate_size=64)


def _bert():
    from transformers import BertConfig, BertModel
    cfg = BertConfig(vocab_size=128, max_position_embeddings=64, **SMALL)
    return BertModel(cfg), lambda seed, seq: _text_inputs(128, seq=seq, seed=seed, token_type=True)


def _gpt2():
    from transformers import GPT2Config, GPT2LMHeadModel
    cfg = GPT2Config(vocab_size=128, n_positions=64, n_embd=32, n_layer=2, n_head=2,
                     bos_token_id=0, eos_token_id=0)
    return GPT2LMHeadModel(cfg), lambda seed, seq: _text_inputs(128, seq=seq, seed=seed)


def _llama():
    from transformers import LlamaConfig, LlamaForCausalLM
    cfg = LlamaConfig(vocab_size=128, max_position_embeddings=64, num_key_value_heads=1, **SMALL)
    return LlamaForCausalLM(cfg), lambda seed, seq: _text_inputs(128, seq=seq, seed=seed)


def _distilbert():
    from transformers import DistilBertConfig, DistilBertModel
    cfg = DistilBertConfig(vocab_size=128, max_position_embeddings=64, dim=32, n_layers=2,
                           n_heads=2, hidden_dim=64)
    return DistilBertModel(cfg), lambda seed, seq: _text_inputs(128, seq=seq, seed=seed)


MODELS = {
    "bert": _bert,
    "gpt2": _gpt2,
    "llama": _llama,
    "distilbert": _distilbert,
}


def build(name):
    torch.manual_seed(0)
    model, make_inputs = MODELS[name]()
    model.eval()  # no dropout: eager and compiled runs must agree
    if hasattr(model.config, "use_cache"):
        model.config.use_cache = False
    return model, make_inputs
