/**
 * The WebGL capabilities of the GPU families a profile can claim (docs/client.md, What the
 * fingerprint covers: WebGL capabilities): Chrome's limits and extension lists per family, from
 * the sources named at each table, and the family a claimed vendor/renderer belongs to.
 */

/**
 * WebGL enums of the capability limits a profile can claim (the values of the WebGL 1/2 IDL
 * constants; MAX_DRAW_BUFFERS and MAX_COLOR_ATTACHMENTS are also WEBGL_draw_buffers' *_WEBGL,
 * MAX_TEXTURE_MAX_ANISOTROPY_EXT is EXT_texture_filter_anisotropic's).
 */
export const GL = {
  ALIASED_LINE_WIDTH_RANGE: 0x846e,
  ALIASED_POINT_SIZE_RANGE: 0x846d,
  MAX_TEXTURE_SIZE: 0x0d33,
  MAX_CUBE_MAP_TEXTURE_SIZE: 0x851c,
  MAX_RENDERBUFFER_SIZE: 0x84e8,
  MAX_VIEWPORT_DIMS: 0x0d3a,
  MAX_VERTEX_ATTRIBS: 0x8869,
  MAX_VERTEX_UNIFORM_VECTORS: 0x8dfb,
  MAX_FRAGMENT_UNIFORM_VECTORS: 0x8dfd,
  MAX_VARYING_VECTORS: 0x8dfc,
  MAX_COMBINED_TEXTURE_IMAGE_UNITS: 0x8b4d,
  MAX_TEXTURE_IMAGE_UNITS: 0x8872,
  MAX_VERTEX_TEXTURE_IMAGE_UNITS: 0x8b4c,
  MAX_TEXTURE_MAX_ANISOTROPY_EXT: 0x84ff,
  MAX_DRAW_BUFFERS: 0x8824,
  MAX_COLOR_ATTACHMENTS: 0x8cdf,
  MAX_3D_TEXTURE_SIZE: 0x8073,
  MAX_ARRAY_TEXTURE_LAYERS: 0x88ff,
  MAX_ELEMENTS_VERTICES: 0x80e8,
  MAX_ELEMENTS_INDICES: 0x80e9,
  MAX_ELEMENT_INDEX: 0x8d6b,
  MAX_TEXTURE_LOD_BIAS: 0x84fd,
  MAX_FRAGMENT_UNIFORM_COMPONENTS: 0x8b49,
  MAX_VERTEX_UNIFORM_COMPONENTS: 0x8b4a,
  MAX_VARYING_COMPONENTS: 0x8b4b,
  MAX_VERTEX_OUTPUT_COMPONENTS: 0x9122,
  MAX_FRAGMENT_INPUT_COMPONENTS: 0x9125,
  MIN_PROGRAM_TEXEL_OFFSET: 0x8904,
  MAX_PROGRAM_TEXEL_OFFSET: 0x8905,
  MAX_VERTEX_UNIFORM_BLOCKS: 0x8a2b,
  MAX_FRAGMENT_UNIFORM_BLOCKS: 0x8a2d,
  MAX_COMBINED_UNIFORM_BLOCKS: 0x8a2e,
  MAX_UNIFORM_BUFFER_BINDINGS: 0x8a2f,
  MAX_UNIFORM_BLOCK_SIZE: 0x8a30,
  MAX_COMBINED_VERTEX_UNIFORM_COMPONENTS: 0x8a31,
  MAX_COMBINED_FRAGMENT_UNIFORM_COMPONENTS: 0x8a33,
  UNIFORM_BUFFER_OFFSET_ALIGNMENT: 0x8a34,
  MAX_TRANSFORM_FEEDBACK_INTERLEAVED_COMPONENTS: 0x8c8a,
  MAX_TRANSFORM_FEEDBACK_SEPARATE_ATTRIBS: 0x8c8b,
  MAX_TRANSFORM_FEEDBACK_SEPARATE_COMPONENTS: 0x8c80,
  MAX_SAMPLES: 0x8d57,
} as const;

export type GlName = keyof typeof GL;
type Limits = Partial<Record<GlName, number | [number, number]>>;

/** The GPU families whose WebGL capabilities a profile can claim. */
export type WebglFamily = 'd3d11' | 'apple' | 'mesa';

export interface WebglProfile {
  family: WebglFamily;
  /** WebGL enum → the value Chrome reports on that family (typed arrays as plain arrays). */
  params: Record<number, number | number[]>;
  /** What getSupportedExtensions() lists there, WebGL 1 and 2; null: not known, the engine's list stays. */
  extensions: string[] | null;
  extensions2: string[] | null;
}

/*
 * Chrome's WebGL capabilities per GPU family. What ANGLE reports is set by its backend and the
 * API level, not by the card: every Direct3D 11 GPU (NVIDIA, AMD, Intel alike) shows the same
 * limits, every Apple silicon Mac the same Metal ones. Only values known from a source are
 * listed; a limit left out is the engine's own, as is everything not in these tables.
 * VERSION, SHADING_LANGUAGE_VERSION, VENDOR and RENDERER are "WebGL 1.0 (OpenGL ES 2.0
 * Chromium)" and the like on every GPU, and getShaderPrecisionFormat answers IEEE single
 * precision / 32-bit ints for every precision on all three backends (ANGLE's
 * renderer11_utils.cpp, DisplayMtl.mm, the Vulkan and GL renderers), which no engine can
 * exceed: both are the engine's own, untouched.
 */

/**
 * ANGLE on Direct3D 11 (feature level 11_0/11_1: "vs_5_0 ps_5_0"), Chrome 117 and later.
 * Sources: WebGL 1/2 parameters captured from real Chrome on Windows (Dolphin Anty's published
 * fingerprint payloads: NVIDIA GeForce GTX 1650 on Chrome 120, Intel HD Graphics 4400 on Chrome
 * 112; the GTX 1650 capture shows the vertex uniform vector ANGLE reserves since then, 4095 /
 * 16380 / 212988 where Chrome 112 had 4096 / 16384 / 212992), cross-checked with ANGLE's
 * renderer11_utils.cpp (uniform blocks = 12 a stage of 64 KiB, offset alignment 256, texture
 * units 16 + 16, 30 varyings of 4 components). Extensions: the lists of Chrome on Windows 10/11
 * (D3D11) as captured by the same payloads and fingerprinting pages, in Chrome's order.
 */
const D3D11: Limits = {
  MAX_TEXTURE_SIZE: 16384,
  MAX_CUBE_MAP_TEXTURE_SIZE: 16384,
  MAX_RENDERBUFFER_SIZE: 16384,
  MAX_VIEWPORT_DIMS: [32767, 32767],
  MAX_VERTEX_ATTRIBS: 16,
  MAX_VERTEX_UNIFORM_VECTORS: 4095,
  MAX_FRAGMENT_UNIFORM_VECTORS: 1024,
  MAX_VARYING_VECTORS: 30,
  MAX_COMBINED_TEXTURE_IMAGE_UNITS: 32,
  MAX_TEXTURE_IMAGE_UNITS: 16,
  MAX_VERTEX_TEXTURE_IMAGE_UNITS: 16,
  ALIASED_LINE_WIDTH_RANGE: [1, 1],
  ALIASED_POINT_SIZE_RANGE: [1, 1024],
  MAX_TEXTURE_MAX_ANISOTROPY_EXT: 16,
  MAX_DRAW_BUFFERS: 8,
  MAX_COLOR_ATTACHMENTS: 8,
  MAX_3D_TEXTURE_SIZE: 2048,
  MAX_ARRAY_TEXTURE_LAYERS: 2048,
  MAX_ELEMENTS_VERTICES: 2147483647,
  MAX_ELEMENTS_INDICES: 2147483647,
  MAX_ELEMENT_INDEX: 4294967294,
  MAX_TEXTURE_LOD_BIAS: 2,
  MAX_FRAGMENT_UNIFORM_COMPONENTS: 4096,
  MAX_VERTEX_UNIFORM_COMPONENTS: 16380,
  MAX_VARYING_COMPONENTS: 120,
  MAX_VERTEX_OUTPUT_COMPONENTS: 120,
  MAX_FRAGMENT_INPUT_COMPONENTS: 120,
  MIN_PROGRAM_TEXEL_OFFSET: -8,
  MAX_PROGRAM_TEXEL_OFFSET: 7,
  MAX_VERTEX_UNIFORM_BLOCKS: 12,
  MAX_FRAGMENT_UNIFORM_BLOCKS: 12,
  MAX_COMBINED_UNIFORM_BLOCKS: 24,
  MAX_UNIFORM_BUFFER_BINDINGS: 24,
  MAX_UNIFORM_BLOCK_SIZE: 65536,
  MAX_COMBINED_VERTEX_UNIFORM_COMPONENTS: 212988,
  MAX_COMBINED_FRAGMENT_UNIFORM_COMPONENTS: 200704,
  UNIFORM_BUFFER_OFFSET_ALIGNMENT: 256,
  MAX_TRANSFORM_FEEDBACK_INTERLEAVED_COMPONENTS: 120,
  MAX_TRANSFORM_FEEDBACK_SEPARATE_ATTRIBS: 4,
  MAX_TRANSFORM_FEEDBACK_SEPARATE_COMPONENTS: 4,
  MAX_SAMPLES: 8,
};

const D3D11_EXTENSIONS = [
  'ANGLE_instanced_arrays',
  'EXT_blend_minmax',
  'EXT_clip_control',
  'EXT_color_buffer_half_float',
  'EXT_depth_clamp',
  'EXT_disjoint_timer_query',
  'EXT_float_blend',
  'EXT_frag_depth',
  'EXT_polygon_offset_clamp',
  'EXT_shader_texture_lod',
  'EXT_texture_compression_bptc',
  'EXT_texture_compression_rgtc',
  'EXT_texture_filter_anisotropic',
  'EXT_texture_mirror_clamp_to_edge',
  'EXT_sRGB',
  'KHR_parallel_shader_compile',
  'OES_element_index_uint',
  'OES_fbo_render_mipmap',
  'OES_standard_derivatives',
  'OES_texture_float',
  'OES_texture_float_linear',
  'OES_texture_half_float',
  'OES_texture_half_float_linear',
  'OES_vertex_array_object',
  'WEBGL_blend_func_extended',
  'WEBGL_color_buffer_float',
  'WEBGL_compressed_texture_s3tc',
  'WEBGL_compressed_texture_s3tc_srgb',
  'WEBGL_debug_renderer_info',
  'WEBGL_debug_shaders',
  'WEBGL_depth_texture',
  'WEBGL_draw_buffers',
  'WEBGL_lose_context',
  'WEBGL_multi_draw',
  'WEBGL_polygon_mode',
];

const D3D11_EXTENSIONS2 = [
  'EXT_clip_control',
  'EXT_color_buffer_float',
  'EXT_color_buffer_half_float',
  'EXT_conservative_depth',
  'EXT_depth_clamp',
  'EXT_disjoint_timer_query_webgl2',
  'EXT_float_blend',
  'EXT_polygon_offset_clamp',
  'EXT_render_snorm',
  'EXT_texture_compression_bptc',
  'EXT_texture_compression_rgtc',
  'EXT_texture_filter_anisotropic',
  'EXT_texture_mirror_clamp_to_edge',
  'EXT_texture_norm16',
  'KHR_parallel_shader_compile',
  'NV_shader_noperspective_interpolation',
  'OES_draw_buffers_indexed',
  'OES_sample_variables',
  'OES_shader_multisample_interpolation',
  'OES_texture_float_linear',
  'OVR_multiview2',
  'WEBGL_blend_func_extended',
  'WEBGL_clip_cull_distance',
  'WEBGL_compressed_texture_s3tc',
  'WEBGL_compressed_texture_s3tc_srgb',
  'WEBGL_debug_renderer_info',
  'WEBGL_debug_shaders',
  'WEBGL_lose_context',
  'WEBGL_multi_draw',
  'WEBGL_polygon_mode',
  'WEBGL_provoking_vertex',
  'WEBGL_stencil_texturing',
];

/**
 * ANGLE on Metal, Apple silicon (M1 and later), macOS. Source: ANGLE's DisplayMtl.mm and
 * mtl_common.h (16 KiB of default uniforms = 1024 vectors a stage, 12 uniform blocks a stage of
 * 16 KiB, 24 bindings, offset alignment 16 on Apple GPUs, 8 render targets, 16 samplers a stage,
 * 30 varyings with [[position]] excluded, 16384 textures and viewport, points up to 511 since
 * macOS 12, LOD bias 2), matching a capture of Chrome 154 on an Apple M2 Max; MSAA 4x (Metal
 * feature set tables, Apple7/8). Extensions: captures of Chrome on Apple silicon (ETC, ASTC and
 * PVRTC are native there; no OVR_multiview2).
 */
const APPLE: Limits = {
  MAX_TEXTURE_SIZE: 16384,
  MAX_CUBE_MAP_TEXTURE_SIZE: 16384,
  MAX_RENDERBUFFER_SIZE: 16384,
  MAX_VIEWPORT_DIMS: [16384, 16384],
  MAX_VERTEX_ATTRIBS: 16,
  MAX_VERTEX_UNIFORM_VECTORS: 1024,
  MAX_FRAGMENT_UNIFORM_VECTORS: 1024,
  MAX_VARYING_VECTORS: 30,
  MAX_COMBINED_TEXTURE_IMAGE_UNITS: 32,
  MAX_TEXTURE_IMAGE_UNITS: 16,
  MAX_VERTEX_TEXTURE_IMAGE_UNITS: 16,
  ALIASED_LINE_WIDTH_RANGE: [1, 1],
  ALIASED_POINT_SIZE_RANGE: [1, 511],
  MAX_TEXTURE_MAX_ANISOTROPY_EXT: 16,
  MAX_DRAW_BUFFERS: 8,
  MAX_COLOR_ATTACHMENTS: 8,
  MAX_3D_TEXTURE_SIZE: 2048,
  MAX_ARRAY_TEXTURE_LAYERS: 2048,
  MAX_ELEMENTS_VERTICES: 2147483647,
  MAX_ELEMENTS_INDICES: 2147483647,
  MAX_ELEMENT_INDEX: 4294967294,
  MAX_TEXTURE_LOD_BIAS: 2,
  MAX_FRAGMENT_UNIFORM_COMPONENTS: 4096,
  MAX_VERTEX_UNIFORM_COMPONENTS: 4096,
  MAX_VARYING_COMPONENTS: 120,
  MAX_VERTEX_OUTPUT_COMPONENTS: 120,
  MAX_FRAGMENT_INPUT_COMPONENTS: 120,
  MIN_PROGRAM_TEXEL_OFFSET: -8,
  MAX_PROGRAM_TEXEL_OFFSET: 7,
  MAX_VERTEX_UNIFORM_BLOCKS: 12,
  MAX_FRAGMENT_UNIFORM_BLOCKS: 12,
  MAX_COMBINED_UNIFORM_BLOCKS: 24,
  MAX_UNIFORM_BUFFER_BINDINGS: 24,
  MAX_UNIFORM_BLOCK_SIZE: 16384,
  MAX_COMBINED_VERTEX_UNIFORM_COMPONENTS: 53248,
  MAX_COMBINED_FRAGMENT_UNIFORM_COMPONENTS: 53248,
  UNIFORM_BUFFER_OFFSET_ALIGNMENT: 16,
  MAX_SAMPLES: 4,
};

const APPLE_EXTENSIONS = [
  'ANGLE_instanced_arrays',
  'EXT_blend_minmax',
  'EXT_clip_control',
  'EXT_color_buffer_half_float',
  'EXT_depth_clamp',
  'EXT_disjoint_timer_query',
  'EXT_float_blend',
  'EXT_frag_depth',
  'EXT_polygon_offset_clamp',
  'EXT_shader_texture_lod',
  'EXT_texture_compression_bptc',
  'EXT_texture_compression_rgtc',
  'EXT_texture_filter_anisotropic',
  'EXT_texture_mirror_clamp_to_edge',
  'EXT_sRGB',
  'KHR_parallel_shader_compile',
  'OES_element_index_uint',
  'OES_fbo_render_mipmap',
  'OES_standard_derivatives',
  'OES_texture_float',
  'OES_texture_float_linear',
  'OES_texture_half_float',
  'OES_texture_half_float_linear',
  'OES_vertex_array_object',
  'WEBGL_blend_func_extended',
  'WEBGL_color_buffer_float',
  'WEBGL_compressed_texture_astc',
  'WEBGL_compressed_texture_etc',
  'WEBGL_compressed_texture_etc1',
  'WEBGL_compressed_texture_pvrtc',
  'WEBGL_compressed_texture_s3tc',
  'WEBGL_compressed_texture_s3tc_srgb',
  'WEBGL_debug_renderer_info',
  'WEBGL_debug_shaders',
  'WEBGL_depth_texture',
  'WEBGL_draw_buffers',
  'WEBGL_lose_context',
  'WEBGL_multi_draw',
  'WEBGL_polygon_mode',
];

const APPLE_EXTENSIONS2 = [
  'EXT_clip_control',
  'EXT_color_buffer_float',
  'EXT_color_buffer_half_float',
  'EXT_conservative_depth',
  'EXT_depth_clamp',
  'EXT_disjoint_timer_query_webgl2',
  'EXT_float_blend',
  'EXT_polygon_offset_clamp',
  'EXT_render_snorm',
  'EXT_texture_compression_bptc',
  'EXT_texture_compression_rgtc',
  'EXT_texture_filter_anisotropic',
  'EXT_texture_mirror_clamp_to_edge',
  'EXT_texture_norm16',
  'KHR_parallel_shader_compile',
  'NV_shader_noperspective_interpolation',
  'OES_draw_buffers_indexed',
  'OES_sample_variables',
  'OES_shader_multisample_interpolation',
  'OES_texture_float_linear',
  'WEBGL_blend_func_extended',
  'WEBGL_clip_cull_distance',
  'WEBGL_compressed_texture_astc',
  'WEBGL_compressed_texture_etc',
  'WEBGL_compressed_texture_etc1',
  'WEBGL_compressed_texture_pvrtc',
  'WEBGL_compressed_texture_s3tc',
  'WEBGL_compressed_texture_s3tc_srgb',
  'WEBGL_debug_renderer_info',
  'WEBGL_debug_shaders',
  'WEBGL_lose_context',
  'WEBGL_multi_draw',
  'WEBGL_polygon_mode',
  'WEBGL_provoking_vertex',
  'WEBGL_render_shared_exponent',
  'WEBGL_stencil_texturing',
];

/**
 * ANGLE on OpenGL or Vulkan over Mesa (Intel iris/ANV, AMD radeonsi/RADV), Linux. Only what
 * those drivers share under ANGLE's caps: 16384 textures (Mesa's limit, glinfo dumps of Mesa
 * 25), 4096 uniform vectors a stage (16384 components), 32 samplers a stage and 64 combined
 * (ANGLE's IMPLEMENTATION_MAX_SHADER_TEXTURES / ES 3.0 active-texture cap), 16 attributes, the
 * ES 3.0 texel offsets, 8 draw buffers, 2048 3D and array layers. Viewport, line widths, point
 * sizes, varyings (32 over GL, 31 over Vulkan), LOD bias, MSAA and the extension list differ by
 * driver and backend: they stay the engine's.
 */
const MESA: Limits = {
  MAX_TEXTURE_SIZE: 16384,
  MAX_CUBE_MAP_TEXTURE_SIZE: 16384,
  MAX_RENDERBUFFER_SIZE: 16384,
  MAX_VERTEX_ATTRIBS: 16,
  MAX_VERTEX_UNIFORM_VECTORS: 4096,
  MAX_FRAGMENT_UNIFORM_VECTORS: 4096,
  MAX_COMBINED_TEXTURE_IMAGE_UNITS: 64,
  MAX_TEXTURE_IMAGE_UNITS: 32,
  MAX_VERTEX_TEXTURE_IMAGE_UNITS: 32,
  MAX_TEXTURE_MAX_ANISOTROPY_EXT: 16,
  MAX_DRAW_BUFFERS: 8,
  MAX_COLOR_ATTACHMENTS: 8,
  MAX_3D_TEXTURE_SIZE: 2048,
  MAX_ARRAY_TEXTURE_LAYERS: 2048,
  MAX_FRAGMENT_UNIFORM_COMPONENTS: 16384,
  MAX_VERTEX_UNIFORM_COMPONENTS: 16384,
  MIN_PROGRAM_TEXEL_OFFSET: -8,
  MAX_PROGRAM_TEXEL_OFFSET: 7,
};

const byEnum = (limits: Limits): Record<number, number | number[]> => {
  const out: Record<number, number | number[]> = {};
  for (const [name, value] of Object.entries(limits) as [GlName, number | [number, number]][])
    out[GL[name]] = Array.isArray(value) ? [...value] : value;
  return out;
};

/** The family a claimed WebGL vendor/renderer belongs to; null when none of the known ones. */
export function webglFamily(vendor: string, renderer: string): WebglFamily | null {
  const s = `${vendor} ${renderer}`;
  // Feature level 10 cards ("vs_4_1 ps_4_1") and software renderers have other limits.
  if (/SwiftShader|llvmpipe|softpipe|Basic Render Driver/i.test(s)) return null;
  if (/Direct3D11|\bD3D11\b/.test(s)) return /\bvs_4_\d/.test(s) ? null : 'd3d11';
  if (/\bApple M\d/.test(s)) return /OpenGL/.test(s) ? null : 'apple';
  if (/\bMesa\b|radeonsi|\bRADV\b|\bANV\b/.test(s) && /OpenGL|Vulkan/.test(s)) return 'mesa';
  return null;
}

/**
 * The WebGL capabilities of the GPU a profile claims, as Chrome reports them on that family
 * (pure: the tables above). The page script reports each value only where the engine really
 * does at least as much (a smaller limit, a narrower range, a coarser alignment), and lists only
 * the extensions the engine has: a site that sizes its textures, buffers or shaders by what it
 * reads, or enables what is listed, never asks for more than the machine gives. Where the
 * family's value is beyond the engine's (e.g. 16384 textures claimed on SwiftShader's 8192),
 * the engine's own value is what a page sees: a known limit, kept so no site breaks.
 */
export function webglProfile(vendor: string, renderer: string): WebglProfile | null {
  switch (webglFamily(vendor, renderer)) {
    case 'd3d11':
      return {
        family: 'd3d11',
        params: byEnum(D3D11),
        extensions: [...D3D11_EXTENSIONS],
        extensions2: [...D3D11_EXTENSIONS2],
      };
    case 'apple':
      return {
        family: 'apple',
        params: byEnum(APPLE),
        extensions: [...APPLE_EXTENSIONS],
        extensions2: [...APPLE_EXTENSIONS2],
      };
    case 'mesa':
      return { family: 'mesa', params: byEnum(MESA), extensions: null, extensions2: null };
    default:
      return null;
  }
}
