#ifndef OPTA_VECTOR_OPS_H
#define OPTA_VECTOR_OPS_H

/// Vector operations Swift's SIMD types cannot express, each one AVX instruction once inlined
/// into the Swift caller: Swift imports `opta_float8` as `SIMD8<Float>` and `opta_int8` as
/// `SIMD8<Int32>`. Built from lane subscripts, the shuffles came out as dozens of broadcasts and
/// blends; the conversions as one lane at a time.
typedef float opta_float8 __attribute__((ext_vector_type(8)));
typedef int opta_int8 __attribute__((ext_vector_type(8)));
typedef _Bool opta_bool8 __attribute__((ext_vector_type(8)));

/// Each lane truncated toward zero (vcvttps2dq). Every lane must be a number in the Int32 range.
static inline __attribute__((always_inline)) opta_int8 opta_truncate(opta_float8 v) {
    return __builtin_convertvector(v, opta_int8);
}

/// Each lane converted to the nearest float (vcvtdq2ps).
static inline __attribute__((always_inline)) opta_float8 opta_to_float(opta_int8 v) {
    return __builtin_convertvector(v, opta_float8);
}

/// Bit k set where lane k is negative (vmovmskps).
static inline __attribute__((always_inline)) unsigned opta_sign_bits(opta_int8 v) {
    opta_bool8 negative = __builtin_convertvector(v < 0, opta_bool8);
    return (unsigned)__builtin_bit_cast(unsigned char, negative);
}

/// The shuffles below work within the two 4-lane halves separately, like the AVX instructions
/// (vunpcklps, vunpckhps, vunpcklpd, vunpckhpd).

/// (a0, b0, a1, b1 | a4, b4, a5, b5)
static inline __attribute__((always_inline)) opta_float8 opta_interleave_low(opta_float8 a, opta_float8 b) {
    return __builtin_shufflevector(a, b, 0, 8, 1, 9, 4, 12, 5, 13);
}
/// (a2, b2, a3, b3 | a6, b6, a7, b7)
static inline __attribute__((always_inline)) opta_float8 opta_interleave_high(opta_float8 a, opta_float8 b) {
    return __builtin_shufflevector(a, b, 2, 10, 3, 11, 6, 14, 7, 15);
}
/// (a0, a1, b0, b1 | a4, a5, b4, b5)
static inline __attribute__((always_inline)) opta_float8 opta_interleave_low_pairs(opta_float8 a, opta_float8 b) {
    return __builtin_shufflevector(a, b, 0, 1, 8, 9, 4, 5, 12, 13);
}
/// (a2, a3, b2, b3 | a6, a7, b6, b7)
static inline __attribute__((always_inline)) opta_float8 opta_interleave_high_pairs(opta_float8 a, opta_float8 b) {
    return __builtin_shufflevector(a, b, 2, 3, 10, 11, 6, 7, 14, 15);
}

/// `v` unchanged, but the compiler can no longer see where it came from: keeps it from merging
/// a chain of shuffles into one that picks single lanes from many vectors (which x86 lowers to
/// broadcasts and blends, lane by lane). Only where the C headers are read with AVX on (Opta's
/// vector build passes `-Xcc -mavx2`); elsewhere it is the plain value.
static inline __attribute__((always_inline)) opta_float8 opta_opaque(opta_float8 v) {
#if defined(__AVX__)
    __asm__("" : "+x"(v));
#endif
    return v;
}

/// `opta_opaque` for integer lanes.
static inline __attribute__((always_inline)) opta_int8 opta_opaque_int(opta_int8 v) {
#if defined(__AVX__)
    __asm__("" : "+x"(v));
#endif
    return v;
}

/// a·b + c rounded once (vfmadd) where the headers are read with FMA on (Opta's vector build,
/// `-target-cpu haswell`), else a·b + c rounded twice: either way the same bits as `opta_fma1` on
/// each lane, so a value worked out one lane at a time matches the vector path.
static inline __attribute__((always_inline)) opta_float8 opta_fma(opta_float8 a, opta_float8 b, opta_float8 c) {
#if defined(__FMA__)
    return __builtin_elementwise_fma(a, b, c);
#else
#pragma clang fp contract(off)
    return a * b + c;
#endif
}

/// `opta_fma` for one float.
static inline __attribute__((always_inline)) float opta_fma1(float a, float b, float c) {
#if defined(__FMA__)
    return __builtin_fmaf(a, b, c);
#else
#pragma clang fp contract(off)
    return a * b + c;
#endif
}

/// Asks for the cache line at `p` ahead of its use (prefetcht0); never faults.
static inline __attribute__((always_inline)) void opta_prefetch(const void *p) {
    __builtin_prefetch(p, 0, 3);
}

/// Grid rows (`GridLandscape.sampleRow`): eight columns at a time, eight pixels at a time.
typedef float opta_float8_unaligned __attribute__((ext_vector_type(8), aligned(4)));

/// Eight rows of eight floats, row k at `base + offsets[k]` (unaligned), as eight columns:
/// out[0...7] holds every row's first float, out[56...63] every row's last (`out` need not be
/// aligned). An 8 × 8 transpose (24 shuffles).
static inline __attribute__((always_inline)) void opta_load_transposed8(const float *base, opta_int8 offsets, float *out) {
    opta_float8 r0 = *(const opta_float8_unaligned *)(base + offsets[0]), r1 = *(const opta_float8_unaligned *)(base + offsets[1]);
    opta_float8 r2 = *(const opta_float8_unaligned *)(base + offsets[2]), r3 = *(const opta_float8_unaligned *)(base + offsets[3]);
    opta_float8 r4 = *(const opta_float8_unaligned *)(base + offsets[4]), r5 = *(const opta_float8_unaligned *)(base + offsets[5]);
    opta_float8 r6 = *(const opta_float8_unaligned *)(base + offsets[6]), r7 = *(const opta_float8_unaligned *)(base + offsets[7]);
    opta_float8 t0 = opta_interleave_low(r0, r1), t1 = opta_interleave_high(r0, r1);
    opta_float8 t2 = opta_interleave_low(r2, r3), t3 = opta_interleave_high(r2, r3);
    opta_float8 t4 = opta_interleave_low(r4, r5), t5 = opta_interleave_high(r4, r5);
    opta_float8 t6 = opta_interleave_low(r6, r7), t7 = opta_interleave_high(r6, r7);
    // s0: float 0 of rows 0-3 | float 4 of rows 0-3; s1: floats 1 | 5; s2: 2 | 6; s3: 3 | 7 (s4-s7: rows 4-7).
    opta_float8 s0 = opta_interleave_low_pairs(t0, t2), s1 = opta_interleave_high_pairs(t0, t2);
    opta_float8 s2 = opta_interleave_low_pairs(t1, t3), s3 = opta_interleave_high_pairs(t1, t3);
    opta_float8 s4 = opta_interleave_low_pairs(t4, t6), s5 = opta_interleave_high_pairs(t4, t6);
    opta_float8 s6 = opta_interleave_low_pairs(t5, t7), s7 = opta_interleave_high_pairs(t5, t7);
    *(opta_float8_unaligned *)(out + 0) = opta_opaque(__builtin_shufflevector(s0, s4, 0, 1, 2, 3, 8, 9, 10, 11));
    *(opta_float8_unaligned *)(out + 32) = opta_opaque(__builtin_shufflevector(s0, s4, 4, 5, 6, 7, 12, 13, 14, 15));
    *(opta_float8_unaligned *)(out + 8) = opta_opaque(__builtin_shufflevector(s1, s5, 0, 1, 2, 3, 8, 9, 10, 11));
    *(opta_float8_unaligned *)(out + 40) = opta_opaque(__builtin_shufflevector(s1, s5, 4, 5, 6, 7, 12, 13, 14, 15));
    *(opta_float8_unaligned *)(out + 16) = opta_opaque(__builtin_shufflevector(s2, s6, 0, 1, 2, 3, 8, 9, 10, 11));
    *(opta_float8_unaligned *)(out + 48) = opta_opaque(__builtin_shufflevector(s2, s6, 4, 5, 6, 7, 12, 13, 14, 15));
    *(opta_float8_unaligned *)(out + 24) = opta_opaque(__builtin_shufflevector(s3, s7, 0, 1, 2, 3, 8, 9, 10, 11));
    *(opta_float8_unaligned *)(out + 56) = opta_opaque(__builtin_shufflevector(s3, s7, 4, 5, 6, 7, 12, 13, 14, 15));
}

typedef unsigned short opta_ushort8_unaligned __attribute__((ext_vector_type(8), aligned(2)));
typedef unsigned int opta_uint8 __attribute__((ext_vector_type(8)));

/// The eight 16-bit brain floats at `p` (unaligned) widened to floats: each one's bits become
/// the float's top 16 (vpmovzxwd and vpslld; exact).
static inline __attribute__((always_inline)) opta_float8 opta_widen_brain8(const void *p) {
    opta_uint8 bits = __builtin_convertvector(*(const opta_ushort8_unaligned *)p, opta_uint8) << 16;
    return (opta_float8)bits;
}

/// Eight lanes picked from the 16 floats at `p`: lane k is p[index[k]], each index 0 ... 15.
/// Two unaligned loads, two lane permutations (vpermps) and a blend.
static inline __attribute__((always_inline)) opta_float8 opta_pick16(const float *p, opta_int8 index) {
    opta_float8 low = *(const opta_float8_unaligned *)p, high = *(const opta_float8_unaligned *)(p + 8);
#if defined(__AVX2__)
    opta_float8 fromLow = __builtin_ia32_permvarsf256(low, index);
    opta_float8 fromHigh = __builtin_ia32_permvarsf256(high, index);
    // Index bit 3 moved to the sign bit selects the high half (vblendvps).
    return __builtin_ia32_blendvps256(fromLow, fromHigh, (opta_float8)(index << 28));
#else
    opta_float8 out;
    for (int k = 0; k < 8; k++) out[k] = index[k] < 8 ? low[index[k] & 7] : high[index[k] & 7];
    return out;
#endif
}

#endif
