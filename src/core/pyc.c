/* pyc.c — the 16-byte .pyc header (PEP 552), then the marshalled module. */
#include "pyc.h"

#include "marshal.h"

static uint32_t le32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

int dp_pyc_read(const uint8_t *data, size_t len, dp_arena *arena, dp_error *err, dp_pyc *out)
{
    if (len < 4)
        return dp_error_set(err, DP_ERR_TRUNCATED, "file too short for a .pyc magic number (%zu bytes)", len);
    uint16_t magic = (uint16_t)(data[0] | data[1] << 8);
    if (data[2] != '\r' || data[3] != '\n')
        return dp_error_set(err, DP_ERR_BAD_MAGIC, "not a .pyc file (no magic number)");
    const dp_magic *release = NULL;
    int version = dp_version_from_magic(magic, &release);
    if (version == 0)
        return dp_error_set(err, DP_ERR_BAD_MAGIC,
                            "unknown magic number %u (supported: Python 3.8 to 3.13)", magic);
    if (len < 16)
        return dp_error_set(err, DP_ERR_TRUNCATED, "file too short for a .pyc header (%zu bytes)", len);
    out->magic = magic;
    out->version = version;
    out->release = release;
    out->flags = le32(data + 4);
    if (out->flags & ~(uint32_t)(DP_PYC_HASH_BASED | DP_PYC_CHECK_SOURCE))
        return dp_error_set(err, DP_ERR_BAD_MAGIC, "invalid .pyc flags 0x%x", out->flags);
    if (out->flags & DP_PYC_HASH_BASED) {
        for (int i = 0; i < 8; i++)
            out->source_hash[i] = data[8 + i];
    } else {
        out->mtime = le32(data + 8);
        out->source_size = le32(data + 12);
    }
    dp_object *root;
    size_t consumed;
    if (dp_marshal_read(data + 16, len - 16, version, arena, err, &root, &consumed) < 0) {
        return -1;
    }
    if (root->kind != DP_OBJ_CODE)
        return dp_error_set(err, DP_ERR_BAD_MARSHAL, "the .pyc does not hold a code object");
    out->module = root->u.code;
    return 0;
}
