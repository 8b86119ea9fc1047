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

/// Asks for the cache line at `p` ahead of its use (prefetcht0); never faults.
static inline __attribute__((always_inline)) void opta_prefetch(const void *p) {
    __builtin_prefetch(p, 0, 3);
}

#endif
