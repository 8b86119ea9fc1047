#ifndef OPTA_VECTOR_SHUFFLE_H
#define OPTA_VECTOR_SHUFFLE_H

/// Lane shuffles of 8-float vectors, which Swift's SIMD types cannot express: Swift imports
/// `opta_float8` as `SIMD8<Float>`, and each function inlines into the Swift caller as one
/// `shufflevector`, one AVX instruction (vunpcklps, vunpckhps, vunpcklpd, vunpckhpd). Built from
/// lane subscripts instead, the same shuffles came out as dozens of broadcasts and blends.
/// Each works within the two 4-lane halves separately, like the AVX instructions.
typedef float opta_float8 __attribute__((ext_vector_type(8)));

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

#endif
