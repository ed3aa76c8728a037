"""and/or/not and conditional expressions in value and branch context,
chained comparisons (each operand evaluated once) and the walrus operator."""

INPUTS = {
    "test_value_context": [(0, 0, 0), (1, 0, 2), (0, "", None), (5, 6, 7), ([], [0], "")],
    "test_branch_context": [(0, 0), (0, 1), (1, 0), (1, 1), (-1, 2)],
    "test_chained": [(1, 2, 3), (3, 2, 1), (2, 2, 2), (1, 3, 2)],
    "test_chained_test_then_return": [(-1,), (0,), (5,), (64,), (99,)],
    "test_chained_test_then_raise": [(-1,), (5,), (64,)],
    "test_chained_value_return": [(1, 2, 3), (3, 2, 1), (2, 2, 2), (1, 3, 2)],
    "test_long_chains": [(-1,), (0,), (7,), (419,), (420,)],
    "test_chained_while_test": [("", 0, 0), ("", 0, 3), ("ab", 0, 3), ("", 5, 3), ("a", -1, 2)],
    "test_conditional_expression_as_test": [(a, b, c) for a in (0, 1) for b in (0, 1) for c in (0, 1)],
    "test_conditional_expression_filters": [([(0, 1, None), (1, 0, 0), (1, 1, 5), (0, 0, None)],), ([],)],
}


def pick(a, b, c):
    return a and b or c


def test_value_context(a, b, c):
    x = a or b
    y = a and b
    z = a if b else c
    w = (a or b) and (b or c)
    v = not a or not b and c
    u = a and (b if c else a) or (c and b)
    t = [a or c, b and c, a if a else b if b else c]
    s = a or b or c or "none"
    r = a and b and c and "all"
    q = (lambda p: p or "dflt")(a)
    return [x, y, z, w, v, u, t, s, r, q, pick(a, b, c), bool(a) is bool(b)]


def test_branch_context(a, b):
    out = []
    if a and b:
        out.append("both")
    elif a or b:
        out.append("one")
    else:
        out.append("none")
    if not a:
        out.append("not a")
    if not (a and b):
        out.append("not both")
    if a and not b or b and not a:
        out.append("xor")
    if (a or b) and not (a and b):
        out.append("xor2")
    if a > 0 and (b > 0 or a > b):
        out.append("mixed")
    n = 0
    while n < 10 and (a or n < 3):
        n += 1
    out.append(n)
    out.append("t" if a and b else "f")
    return out


def test_chained(a, b, c):
    calls = []

    def v(x):
        calls.append(x)
        return x

    r1 = v(a) < v(b) < v(c)
    r2 = v(a) <= v(b) == v(c)
    r3 = a < b > c
    r4 = a == b == c != 0
    r5 = 0 < a < b < c < 10
    r6 = a in [1, 2] not in [[1]]
    out = [r1, r2, r3, r4, r5, r6, calls]
    if a < b < c:
        out.append("ascending")
    elif a > b > c:
        out.append("descending")
    else:
        out.append("neither")
    while 0 <= a < c:
        a += 1
    out.append(a)
    return out


def test_walrus():
    out = []
    data = [3, 8, 1, 9, 4]
    if (n := len(data)) > 3:
        out.append(n)
    it = iter(data)
    while (item := next(it, None)) is not None:
        if item > 5:
            out.append(item)
    squares = [y for x in data if (y := x * x) > 10]
    out.append(squares)
    out.append(y)
    total = 0
    running = [total := total + x for x in data]
    out.append((running, total))
    out.append([(k := i, k * 2) for i in range(3)])
    out.append(k)
    f = (lambda z: (w := z + 1) * w)
    out.append(f(3))
    out.append((a := 5, a + 1))
    if any((hit := x) > 8 for x in data):
        out.append(hit)
    return out


def test_short_circuit_side_effects():
    log = []

    def t(x):
        log.append(x)
        return x

    t(0) and t(1)
    t(2) or t(3)
    t(0) or t(0) or t(4)
    t(5) and t(0) and t(6)
    t(7) if t(0) else t(8)
    return log


def test_grouped_chains():
    log = []

    def t(x):
        log.append(x)
        return x

    out = [t(1) and (t(2) and t(0)) and t(3), (t(0) or t(0)) or t(4), t(0) or (t(5) or t(6)) or t(7),
           t(1) and (t(2) if t(0) else t(3) and t(4) and t(0)) and t(8),
           (t(1) and t(2)) and (t(3) or t(0)) and [x for x in (t(9), t(0)) if x] and t(10)]
    return out, log


def test_long_chains(v):
    # 420 operands each: every operand is read one block deep (400 nested
    # blocks is the decompiler's limit)
    every = (
        v != 0 and v != 1 and v != 2 and v != 3 and v != 4 and v != 5 and v != 6 and v != 7 and v != 8 and v != 9 and
        v != 10 and v != 11 and v != 12 and v != 13 and v != 14 and v != 15 and v != 16 and v != 17 and v != 18 and v != 19 and
        v != 20 and v != 21 and v != 22 and v != 23 and v != 24 and v != 25 and v != 26 and v != 27 and v != 28 and v != 29 and
        v != 30 and v != 31 and v != 32 and v != 33 and v != 34 and v != 35 and v != 36 and v != 37 and v != 38 and v != 39 and
        v != 40 and v != 41 and v != 42 and v != 43 and v != 44 and v != 45 and v != 46 and v != 47 and v != 48 and v != 49 and
        v != 50 and v != 51 and v != 52 and v != 53 and v != 54 and v != 55 and v != 56 and v != 57 and v != 58 and v != 59 and
        v != 60 and v != 61 and v != 62 and v != 63 and v != 64 and v != 65 and v != 66 and v != 67 and v != 68 and v != 69 and
        v != 70 and v != 71 and v != 72 and v != 73 and v != 74 and v != 75 and v != 76 and v != 77 and v != 78 and v != 79 and
        v != 80 and v != 81 and v != 82 and v != 83 and v != 84 and v != 85 and v != 86 and v != 87 and v != 88 and v != 89 and
        v != 90 and v != 91 and v != 92 and v != 93 and v != 94 and v != 95 and v != 96 and v != 97 and v != 98 and v != 99 and
        v != 100 and v != 101 and v != 102 and v != 103 and v != 104 and v != 105 and v != 106 and v != 107 and v != 108 and v != 109 and
        v != 110 and v != 111 and v != 112 and v != 113 and v != 114 and v != 115 and v != 116 and v != 117 and v != 118 and v != 119 and
        v != 120 and v != 121 and v != 122 and v != 123 and v != 124 and v != 125 and v != 126 and v != 127 and v != 128 and v != 129 and
        v != 130 and v != 131 and v != 132 and v != 133 and v != 134 and v != 135 and v != 136 and v != 137 and v != 138 and v != 139 and
        v != 140 and v != 141 and v != 142 and v != 143 and v != 144 and v != 145 and v != 146 and v != 147 and v != 148 and v != 149 and
        v != 150 and v != 151 and v != 152 and v != 153 and v != 154 and v != 155 and v != 156 and v != 157 and v != 158 and v != 159 and
        v != 160 and v != 161 and v != 162 and v != 163 and v != 164 and v != 165 and v != 166 and v != 167 and v != 168 and v != 169 and
        v != 170 and v != 171 and v != 172 and v != 173 and v != 174 and v != 175 and v != 176 and v != 177 and v != 178 and v != 179 and
        v != 180 and v != 181 and v != 182 and v != 183 and v != 184 and v != 185 and v != 186 and v != 187 and v != 188 and v != 189 and
        v != 190 and v != 191 and v != 192 and v != 193 and v != 194 and v != 195 and v != 196 and v != 197 and v != 198 and v != 199 and
        v != 200 and v != 201 and v != 202 and v != 203 and v != 204 and v != 205 and v != 206 and v != 207 and v != 208 and v != 209 and
        v != 210 and v != 211 and v != 212 and v != 213 and v != 214 and v != 215 and v != 216 and v != 217 and v != 218 and v != 219 and
        v != 220 and v != 221 and v != 222 and v != 223 and v != 224 and v != 225 and v != 226 and v != 227 and v != 228 and v != 229 and
        v != 230 and v != 231 and v != 232 and v != 233 and v != 234 and v != 235 and v != 236 and v != 237 and v != 238 and v != 239 and
        v != 240 and v != 241 and v != 242 and v != 243 and v != 244 and v != 245 and v != 246 and v != 247 and v != 248 and v != 249 and
        v != 250 and v != 251 and v != 252 and v != 253 and v != 254 and v != 255 and v != 256 and v != 257 and v != 258 and v != 259 and
        v != 260 and v != 261 and v != 262 and v != 263 and v != 264 and v != 265 and v != 266 and v != 267 and v != 268 and v != 269 and
        v != 270 and v != 271 and v != 272 and v != 273 and v != 274 and v != 275 and v != 276 and v != 277 and v != 278 and v != 279 and
        v != 280 and v != 281 and v != 282 and v != 283 and v != 284 and v != 285 and v != 286 and v != 287 and v != 288 and v != 289 and
        v != 290 and v != 291 and v != 292 and v != 293 and v != 294 and v != 295 and v != 296 and v != 297 and v != 298 and v != 299 and
        v != 300 and v != 301 and v != 302 and v != 303 and v != 304 and v != 305 and v != 306 and v != 307 and v != 308 and v != 309 and
        v != 310 and v != 311 and v != 312 and v != 313 and v != 314 and v != 315 and v != 316 and v != 317 and v != 318 and v != 319 and
        v != 320 and v != 321 and v != 322 and v != 323 and v != 324 and v != 325 and v != 326 and v != 327 and v != 328 and v != 329 and
        v != 330 and v != 331 and v != 332 and v != 333 and v != 334 and v != 335 and v != 336 and v != 337 and v != 338 and v != 339 and
        v != 340 and v != 341 and v != 342 and v != 343 and v != 344 and v != 345 and v != 346 and v != 347 and v != 348 and v != 349 and
        v != 350 and v != 351 and v != 352 and v != 353 and v != 354 and v != 355 and v != 356 and v != 357 and v != 358 and v != 359 and
        v != 360 and v != 361 and v != 362 and v != 363 and v != 364 and v != 365 and v != 366 and v != 367 and v != 368 and v != 369 and
        v != 370 and v != 371 and v != 372 and v != 373 and v != 374 and v != 375 and v != 376 and v != 377 and v != 378 and v != 379 and
        v != 380 and v != 381 and v != 382 and v != 383 and v != 384 and v != 385 and v != 386 and v != 387 and v != 388 and v != 389 and
        v != 390 and v != 391 and v != 392 and v != 393 and v != 394 and v != 395 and v != 396 and v != 397 and v != 398 and v != 399 and
        v != 400 and v != 401 and v != 402 and v != 403 and v != 404 and v != 405 and v != 406 and v != 407 and v != 408 and v != 409 and
        v != 410 and v != 411 and v != 412 and v != 413 and v != 414 and v != 415 and v != 416 and v != 417 and v != 418 and v != 419
    )
    some = (
        v == 0 or v == 1 or v == 2 or v == 3 or v == 4 or v == 5 or v == 6 or v == 7 or v == 8 or v == 9 or
        v == 10 or v == 11 or v == 12 or v == 13 or v == 14 or v == 15 or v == 16 or v == 17 or v == 18 or v == 19 or
        v == 20 or v == 21 or v == 22 or v == 23 or v == 24 or v == 25 or v == 26 or v == 27 or v == 28 or v == 29 or
        v == 30 or v == 31 or v == 32 or v == 33 or v == 34 or v == 35 or v == 36 or v == 37 or v == 38 or v == 39 or
        v == 40 or v == 41 or v == 42 or v == 43 or v == 44 or v == 45 or v == 46 or v == 47 or v == 48 or v == 49 or
        v == 50 or v == 51 or v == 52 or v == 53 or v == 54 or v == 55 or v == 56 or v == 57 or v == 58 or v == 59 or
        v == 60 or v == 61 or v == 62 or v == 63 or v == 64 or v == 65 or v == 66 or v == 67 or v == 68 or v == 69 or
        v == 70 or v == 71 or v == 72 or v == 73 or v == 74 or v == 75 or v == 76 or v == 77 or v == 78 or v == 79 or
        v == 80 or v == 81 or v == 82 or v == 83 or v == 84 or v == 85 or v == 86 or v == 87 or v == 88 or v == 89 or
        v == 90 or v == 91 or v == 92 or v == 93 or v == 94 or v == 95 or v == 96 or v == 97 or v == 98 or v == 99 or
        v == 100 or v == 101 or v == 102 or v == 103 or v == 104 or v == 105 or v == 106 or v == 107 or v == 108 or v == 109 or
        v == 110 or v == 111 or v == 112 or v == 113 or v == 114 or v == 115 or v == 116 or v == 117 or v == 118 or v == 119 or
        v == 120 or v == 121 or v == 122 or v == 123 or v == 124 or v == 125 or v == 126 or v == 127 or v == 128 or v == 129 or
        v == 130 or v == 131 or v == 132 or v == 133 or v == 134 or v == 135 or v == 136 or v == 137 or v == 138 or v == 139 or
        v == 140 or v == 141 or v == 142 or v == 143 or v == 144 or v == 145 or v == 146 or v == 147 or v == 148 or v == 149 or
        v == 150 or v == 151 or v == 152 or v == 153 or v == 154 or v == 155 or v == 156 or v == 157 or v == 158 or v == 159 or
        v == 160 or v == 161 or v == 162 or v == 163 or v == 164 or v == 165 or v == 166 or v == 167 or v == 168 or v == 169 or
        v == 170 or v == 171 or v == 172 or v == 173 or v == 174 or v == 175 or v == 176 or v == 177 or v == 178 or v == 179 or
        v == 180 or v == 181 or v == 182 or v == 183 or v == 184 or v == 185 or v == 186 or v == 187 or v == 188 or v == 189 or
        v == 190 or v == 191 or v == 192 or v == 193 or v == 194 or v == 195 or v == 196 or v == 197 or v == 198 or v == 199 or
        v == 200 or v == 201 or v == 202 or v == 203 or v == 204 or v == 205 or v == 206 or v == 207 or v == 208 or v == 209 or
        v == 210 or v == 211 or v == 212 or v == 213 or v == 214 or v == 215 or v == 216 or v == 217 or v == 218 or v == 219 or
        v == 220 or v == 221 or v == 222 or v == 223 or v == 224 or v == 225 or v == 226 or v == 227 or v == 228 or v == 229 or
        v == 230 or v == 231 or v == 232 or v == 233 or v == 234 or v == 235 or v == 236 or v == 237 or v == 238 or v == 239 or
        v == 240 or v == 241 or v == 242 or v == 243 or v == 244 or v == 245 or v == 246 or v == 247 or v == 248 or v == 249 or
        v == 250 or v == 251 or v == 252 or v == 253 or v == 254 or v == 255 or v == 256 or v == 257 or v == 258 or v == 259 or
        v == 260 or v == 261 or v == 262 or v == 263 or v == 264 or v == 265 or v == 266 or v == 267 or v == 268 or v == 269 or
        v == 270 or v == 271 or v == 272 or v == 273 or v == 274 or v == 275 or v == 276 or v == 277 or v == 278 or v == 279 or
        v == 280 or v == 281 or v == 282 or v == 283 or v == 284 or v == 285 or v == 286 or v == 287 or v == 288 or v == 289 or
        v == 290 or v == 291 or v == 292 or v == 293 or v == 294 or v == 295 or v == 296 or v == 297 or v == 298 or v == 299 or
        v == 300 or v == 301 or v == 302 or v == 303 or v == 304 or v == 305 or v == 306 or v == 307 or v == 308 or v == 309 or
        v == 310 or v == 311 or v == 312 or v == 313 or v == 314 or v == 315 or v == 316 or v == 317 or v == 318 or v == 319 or
        v == 320 or v == 321 or v == 322 or v == 323 or v == 324 or v == 325 or v == 326 or v == 327 or v == 328 or v == 329 or
        v == 330 or v == 331 or v == 332 or v == 333 or v == 334 or v == 335 or v == 336 or v == 337 or v == 338 or v == 339 or
        v == 340 or v == 341 or v == 342 or v == 343 or v == 344 or v == 345 or v == 346 or v == 347 or v == 348 or v == 349 or
        v == 350 or v == 351 or v == 352 or v == 353 or v == 354 or v == 355 or v == 356 or v == 357 or v == 358 or v == 359 or
        v == 360 or v == 361 or v == 362 or v == 363 or v == 364 or v == 365 or v == 366 or v == 367 or v == 368 or v == 369 or
        v == 370 or v == 371 or v == 372 or v == 373 or v == 374 or v == 375 or v == 376 or v == 377 or v == 378 or v == 379 or
        v == 380 or v == 381 or v == 382 or v == 383 or v == 384 or v == 385 or v == 386 or v == 387 or v == 388 or v == 389 or
        v == 390 or v == 391 or v == 392 or v == 393 or v == 394 or v == 395 or v == 396 or v == 397 or v == 398 or v == 399 or
        v == 400 or v == 401 or v == 402 or v == 403 or v == 404 or v == 405 or v == 406 or v == 407 or v == 408 or v == 409 or
        v == 410 or v == 411 or v == 412 or v == 413 or v == 414 or v == 415 or v == 416 or v == 417 or v == 418 or v == 419
    )
    return every, some


def test_chained_test_then_return(n):
    # 3.10+ copies the code after the if for each false link of the chain
    if 0 < n < 64:
        return n
    return -1


def test_chained_test_then_raise(n):
    if 0 < n < 64:
        return n
    raise ValueError("out of range", n)


def test_chained_while_test(s, i, n):
    # an inverted loop: the test before the loop and the one at its end each
    # have a copy of the code after it
    res = []
    while 0 <= i < n:
        if s:
            res.append(s)
            break
        res.append(i)
        i = i + 1
    return res


def test_chained_value_return(a, b, c):
    # 3.12+: the false link's cleanup is followed by a copy of the return
    return a < b <= c


def test_conditional_expression_as_test(a, b, c):
    """`x if c else y` used as an if's or while's test, alone, inside and/or
    and nested: its jumps mix with those of the test around it."""
    out = []
    if (a if c else b):
        out.append(1)
    if (a if c else b) and not a:
        out.append(2)
    else:
        out.append(3)
    if (a if c else b) or c:
        out.append(4)
    if b and (a if c else not b):
        out.append(5)
    if not (a if c and b else b or c):
        out.append(6)
    if ((a if b else c) if c else b):
        out.append(7)
    n = 0
    while (n < 2 if a else n < 3 if b else n < 1):
        n += 1
    out.append(n)
    for k in range(3):
        if (k == a if c else k == b):
            continue
        out.append(k)
    out.append(1 if (a if c else b) else 2)
    return out


def test_conditional_expression_filters(rows):
    """A conditional expression as a comprehension's condition (3.12+ turns
    its jumps back to the loop's head around)."""
    picked = [r for r in rows if (r[0] if r[2] is None else r[1])]
    keyed = {i: r for i, r in enumerate(rows) if r[1] or (r[0] if r[1] else not r[0])}
    return picked, keyed
