"""Small transformers models with random weights, built from configs (no
download: nothing here reads a hub or a cache).  Add an architecture by
adding one entry to MODELS: a function returning (model, make_inputs), where
make_inputs(seed, seq) gives the model's keyword arguments for one call.
`seq` is the sequence length for text models (8, then 12 to make a
recompilation or a dynamic shape); ViT and Whisper, whose inputs have a
fixed length, grow the batch with it instead (2, then 3).

Sizes are tiny (hidden 32, two layers, vocabulary 128) so that each model
compiles in seconds on a CPU."""
import torch

VOCAB = 128


def _gen(seed):
    return torch.Generator().manual_seed(seed)


def _text_inputs(vocab, batch=2, seq=8, seed=0, token_type=False, attention=True, decoder=False):
    g = _gen(seed)
    ids = torch.randint(0, vocab, (batch, seq), generator=g)
    d = {"input_ids": ids}
    if attention:
        d["attention_mask"] = torch.ones(batch, seq, dtype=torch.long)
    if token_type:
        d["token_type_ids"] = torch.zeros(batch, seq, dtype=torch.long)
    if decoder:   # encoder-decoder models: a decoder sequence of its own (shorter)
        d["decoder_input_ids"] = torch.randint(0, vocab, (batch, seq // 2 + 1), generator=g)
    return d


def _text(**kw):
    return lambda seed, seq: _text_inputs(VOCAB, seq=seq, seed=seed, **kw)


def _batch_for(seq):
    return 2 if seq <= 8 else 3


SMALL = dict(hidden_size=32, num_hidden_layers=2, num_attention_heads=2, intermediate_size=64)
DECODER = dict(vocab_size=VOCAB, max_position_embeddings=64, bos_token_id=1, eos_token_id=2,
               pad_token_id=0)


# ---- encoders -----------------------------------------------------------------

def _bert():
    from transformers import BertConfig, BertModel
    cfg = BertConfig(vocab_size=VOCAB, max_position_embeddings=64, **SMALL)
    return BertModel(cfg), _text(token_type=True)


def _distilbert():
    from transformers import DistilBertConfig, DistilBertModel
    cfg = DistilBertConfig(vocab_size=VOCAB, max_position_embeddings=64, dim=32, n_layers=2,
                           n_heads=2, hidden_dim=64)
    return DistilBertModel(cfg), _text()


def _roberta():
    from transformers import RobertaConfig, RobertaModel
    # positions start after pad_token_id: max_position_embeddings > seq + 2
    cfg = RobertaConfig(vocab_size=VOCAB, max_position_embeddings=64, pad_token_id=1, **SMALL)
    return RobertaModel(cfg), _text()


def _electra():
    from transformers import ElectraConfig, ElectraForPreTraining
    cfg = ElectraConfig(vocab_size=VOCAB, max_position_embeddings=64, embedding_size=16, **SMALL)
    return ElectraForPreTraining(cfg), _text(token_type=True)


def _albert():
    from transformers import AlbertConfig, AlbertModel
    cfg = AlbertConfig(vocab_size=VOCAB, max_position_embeddings=64, embedding_size=16, **SMALL)
    return AlbertModel(cfg), _text(token_type=True)


def _vit():
    from transformers import ViTConfig, ViTModel
    cfg = ViTConfig(image_size=16, patch_size=8, num_channels=3, **SMALL)

    def make_inputs(seed, seq):
        return {"pixel_values": torch.randn(_batch_for(seq), 3, 16, 16, generator=_gen(seed))}
    return ViTModel(cfg), make_inputs


# ---- decoders -----------------------------------------------------------------

def _gpt2():
    from transformers import GPT2Config, GPT2LMHeadModel
    cfg = GPT2Config(vocab_size=VOCAB, n_positions=64, n_embd=32, n_layer=2, n_head=2,
                     bos_token_id=0, eos_token_id=0)
    return GPT2LMHeadModel(cfg), _text()


def _llama():
    from transformers import LlamaConfig, LlamaForCausalLM
    cfg = LlamaConfig(vocab_size=VOCAB, max_position_embeddings=64, num_key_value_heads=1, **SMALL)
    return LlamaForCausalLM(cfg), _text()


def _mistral():
    from transformers import MistralConfig, MistralForCausalLM
    cfg = MistralConfig(num_key_value_heads=1, head_dim=16, sliding_window=4, **DECODER, **SMALL)
    return MistralForCausalLM(cfg), _text()


def _qwen2():
    from transformers import Qwen2Config, Qwen2ForCausalLM
    cfg = Qwen2Config(num_key_value_heads=1, **DECODER, **SMALL)
    return Qwen2ForCausalLM(cfg), _text()


def _gemma():
    from transformers import GemmaConfig, GemmaForCausalLM
    cfg = GemmaConfig(num_key_value_heads=1, head_dim=16, **DECODER, **SMALL)
    return GemmaForCausalLM(cfg), _text()


def _phi():
    from transformers import PhiConfig, PhiForCausalLM
    cfg = PhiConfig(num_key_value_heads=2, **DECODER, **SMALL)
    return PhiForCausalLM(cfg), _text()


def _gpt_neox():
    from transformers import GPTNeoXConfig, GPTNeoXForCausalLM
    cfg = GPTNeoXConfig(**DECODER, **SMALL)
    return GPTNeoXForCausalLM(cfg), _text()


def _opt():
    from transformers import OPTConfig, OPTForCausalLM
    cfg = OPTConfig(vocab_size=VOCAB, max_position_embeddings=64, hidden_size=32,
                    word_embed_proj_dim=32, num_hidden_layers=2, num_attention_heads=2,
                    ffn_dim=64, bos_token_id=1, eos_token_id=2, pad_token_id=0)
    return OPTForCausalLM(cfg), _text()


# ---- encoder-decoders ---------------------------------------------------------

def _t5():
    from transformers import T5Config, T5Model
    cfg = T5Config(vocab_size=VOCAB, d_model=32, d_kv=16, d_ff=64, num_layers=2,
                   num_decoder_layers=2, num_heads=2, relative_attention_num_buckets=8,
                   decoder_start_token_id=0, pad_token_id=0, eos_token_id=1)
    return T5Model(cfg), _text(decoder=True)


def _bart():
    from transformers import BartConfig, BartModel
    cfg = BartConfig(vocab_size=VOCAB, max_position_embeddings=64, d_model=32, encoder_layers=2,
                     decoder_layers=2, encoder_attention_heads=2, decoder_attention_heads=2,
                     encoder_ffn_dim=64, decoder_ffn_dim=64)
    return BartModel(cfg), _text(decoder=True)


def _whisper():
    from transformers import WhisperConfig, WhisperModel
    mel, frames = 8, 32   # input_features must be exactly 2 * max_source_positions long
    cfg = WhisperConfig(vocab_size=VOCAB, num_mel_bins=mel, d_model=32, encoder_layers=2,
                        decoder_layers=2, encoder_attention_heads=2, decoder_attention_heads=2,
                        encoder_ffn_dim=64, decoder_ffn_dim=64, max_source_positions=frames // 2,
                        max_target_positions=64, pad_token_id=0, bos_token_id=1, eos_token_id=2,
                        decoder_start_token_id=1)

    def make_inputs(seed, seq):
        g = _gen(seed)
        b = _batch_for(seq)
        return {"input_features": torch.randn(b, mel, frames, generator=g),
                "decoder_input_ids": torch.randint(0, VOCAB, (b, seq // 2), generator=g)}
    return WhisperModel(cfg), make_inputs


MODELS = {
    "bert": _bert,
    "gpt2": _gpt2,
    "llama": _llama,
    "distilbert": _distilbert,
    "t5": _t5,
    "bart": _bart,
    "mistral": _mistral,
    "qwen2": _qwen2,
    "phi": _phi,
    "gpt_neox": _gpt_neox,
    "opt": _opt,
    "roberta": _roberta,
    "electra": _electra,
    "vit": _vit,
    "whisper": _whisper,
    "albert": _albert,
    "gemma": _gemma,
}


def build(name):
    torch.manual_seed(0)
    model, make_inputs = MODELS[name]()
    model.eval()  # no dropout: eager and compiled runs must agree
    if hasattr(model.config, "use_cache"):
        model.config.use_cache = False
    return model, make_inputs


def compile_target(model, kind):
    """(what torch.compile gets, how a call passes one input dict to it):
    the module itself (kind "module"), or a function calling it."""
    if kind == "module":
        return model, (lambda f, a: f(**a[0]).to_tuple())

    def run_model(inputs):
        return model(**inputs).to_tuple()
    return run_model, (lambda f, a: f(*a))
