// A small H.264 (Annex B) encoder for the test phone's scrcpy video: what a screen shows is sent
// uncompressed as I_PCM macroblocks in an IDR picture, and a screen that did not change as a P
// picture whose macroblocks are all skipped. Every decoder must accept both (ITU-T H.264 §7.3.5,
// Baseline profile), so the viewer decodes them with WebCodecs like a real phone's stream.
import type { Rgb } from './png.js';

class Bits {
  private readonly bytes: number[] = [];
  private current = 0;
  private used = 0;

  bit(b: number) {
    this.current = (this.current << 1) | (b & 1);
    if (++this.used === 8) {
      this.bytes.push(this.current);
      this.current = 0;
      this.used = 0;
    }
  }
  u(value: number, n: number) {
    for (let i = n - 1; i >= 0; i--) this.bit((value >>> i) & 1);
  }
  /** Exp-Golomb, unsigned. */
  ue(value: number) {
    const v = value + 1;
    const len = 32 - Math.clz32(v);
    this.u(0, len - 1);
    this.u(v, len);
  }
  se(value: number) {
    this.ue(value <= 0 ? -2 * value : 2 * value - 1);
  }
  get aligned() {
    return this.used === 0;
  }
  align() {
    while (this.used !== 0) this.bit(0);
  }
  raw(data: Uint8Array) {
    if (!this.aligned) throw new Error('raw bytes need a byte boundary');
    for (const b of data) this.bytes.push(b);
  }
  /** rbsp_trailing_bits: a stop bit and zeros to the byte boundary. */
  trailing() {
    this.bit(1);
    this.align();
  }
  done(): Uint8Array {
    return Uint8Array.from(this.bytes);
  }
}

/** A NAL unit with its start code; 0x03 is inserted where the payload would look like one. */
function nal(header: number, rbsp: Uint8Array): Uint8Array {
  const out: number[] = [0, 0, 0, 1, header];
  let zeros = 0;
  for (const b of rbsp) {
    if (zeros >= 2 && b <= 3) {
      out.push(3);
      zeros = 0;
    }
    out.push(b);
    zeros = b === 0 ? zeros + 1 : 0;
  }
  return Uint8Array.from(out);
}

const LOG2_MAX_FRAME_NUM = 4;

/** Encodes frames of one size: the configuration (SPS + PPS), key frames of a picture, and unchanged frames. */
export class H264Encoder {
  private readonly mbWidth: number;
  private readonly mbHeight: number;
  private frameNum = 0;
  private idrId = 0;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    if (width % 2 || height % 2 || width < 16 || height < 16) throw new Error(`cannot encode ${width}x${height}`);
    this.mbWidth = Math.ceil(width / 16);
    this.mbHeight = Math.ceil(height / 16);
  }

  /** Sequence and picture parameter sets: what scrcpy sends as its configuration packet. */
  configuration(): Uint8Array {
    const sps = new Bits();
    sps.u(66, 8); // profile_idc: Baseline
    sps.u(0xc0, 8); // constraint_set0 and 1
    sps.u(40, 8); // level 4.0
    sps.ue(0); // seq_parameter_set_id
    sps.ue(LOG2_MAX_FRAME_NUM - 4);
    sps.ue(2); // pic_order_cnt_type: output order is decoding order
    sps.ue(1); // max_num_ref_frames
    sps.u(0, 1); // gaps_in_frame_num_value_allowed_flag
    sps.ue(this.mbWidth - 1);
    sps.ue(this.mbHeight - 1);
    sps.u(1, 1); // frame_mbs_only_flag
    sps.u(1, 1); // direct_8x8_inference_flag
    const cropRight = (this.mbWidth * 16 - this.width) / 2;
    const cropBottom = (this.mbHeight * 16 - this.height) / 2;
    const crop = cropRight > 0 || cropBottom > 0;
    sps.u(crop ? 1 : 0, 1);
    if (crop) {
      sps.ue(0);
      sps.ue(cropRight);
      sps.ue(0);
      sps.ue(cropBottom);
    }
    sps.u(0, 1); // vui_parameters_present_flag
    sps.trailing();

    const pps = new Bits();
    pps.ue(0); // pic_parameter_set_id
    pps.ue(0); // seq_parameter_set_id
    pps.u(0, 1); // entropy_coding_mode_flag: CAVLC
    pps.u(0, 1); // bottom_field_pic_order_in_frame_present_flag
    pps.ue(0); // num_slice_groups_minus1
    pps.ue(0); // num_ref_idx_l0_default_active_minus1
    pps.ue(0); // num_ref_idx_l1_default_active_minus1
    pps.u(0, 1); // weighted_pred_flag
    pps.u(0, 2); // weighted_bipred_idc
    pps.se(0); // pic_init_qp_minus26
    pps.se(0); // pic_init_qs_minus26
    pps.se(0); // chroma_qp_index_offset
    pps.u(1, 1); // deblocking_filter_control_present_flag
    pps.u(0, 1); // constrained_intra_pred_flag
    pps.u(0, 1); // redundant_pic_cnt_present_flag
    pps.trailing();

    return concat([nal(0x67, sps.done()), nal(0x68, pps.done())]);
  }

  /**
   * A key frame of a screen of one colour with a dark status bar (as the test phone's screencap
   * shows it), every macroblock sent as it is.
   */
  keyFrame(tint: Rgb): Uint8Array {
    this.frameNum = 0;
    const s = new Bits();
    s.ue(0); // first_mb_in_slice
    s.ue(7); // slice_type: I, every slice of the picture
    s.ue(0); // pic_parameter_set_id
    s.u(0, LOG2_MAX_FRAME_NUM); // frame_num
    s.ue(this.idrId);
    this.idrId = (this.idrId + 1) % 65536;
    s.u(0, 1); // no_output_of_prior_pics_flag
    s.u(0, 1); // long_term_reference_flag
    s.se(0); // slice_qp_delta
    s.ue(1); // disable_deblocking_filter_idc: off

    const bar = Math.max(1, Math.round(this.height / 40));
    const colour = yuv(tint);
    const dark = yuv([0x22, 0x22, 0x22]);
    const luma = new Uint8Array(256);
    const chroma = new Uint8Array(128);
    for (let my = 0; my < this.mbHeight; my++) {
      for (let mx = 0; mx < this.mbWidth; mx++) {
        s.ue(25); // mb_type: I_PCM
        s.align(); // pcm_alignment_zero_bit
        for (let y = 0; y < 16; y++) luma.fill((my * 16 + y < bar ? dark : colour)[0], y * 16, y * 16 + 16);
        for (let y = 0; y < 8; y++) {
          const c = my * 16 + y * 2 < bar ? dark : colour;
          chroma.fill(c[1], y * 8, y * 8 + 8);
          chroma.fill(c[2], 64 + y * 8, 64 + y * 8 + 8);
        }
        s.raw(luma);
        s.raw(chroma);
      }
    }
    s.trailing();
    return nal(0x65, s.done());
  }

  /** The same picture again: a P frame whose every macroblock is skipped. */
  unchanged(): Uint8Array {
    this.frameNum = (this.frameNum + 1) % (1 << LOG2_MAX_FRAME_NUM);
    const s = new Bits();
    s.ue(0); // first_mb_in_slice
    s.ue(5); // slice_type: P, every slice of the picture
    s.ue(0); // pic_parameter_set_id
    s.u(this.frameNum, LOG2_MAX_FRAME_NUM);
    s.u(0, 1); // num_ref_idx_active_override_flag
    s.u(0, 1); // ref_pic_list_modification_flag_l0
    s.u(0, 1); // adaptive_ref_pic_marking_mode_flag: sliding window
    s.se(0); // slice_qp_delta
    s.ue(1); // disable_deblocking_filter_idc
    s.ue(this.mbWidth * this.mbHeight); // mb_skip_run: the whole picture
    s.trailing();
    return nal(0x41, s.done());
  }
}

/** BT.601 limited range, as a decoder without colour information assumes; never 0 (old decoders refuse PCM 0). */
function yuv([r, g, b]: Rgb): [number, number, number] {
  const clamp = (v: number) => Math.min(254, Math.max(1, Math.round(v)));
  return [
    clamp(16 + 0.257 * r + 0.504 * g + 0.098 * b),
    clamp(128 - 0.148 * r - 0.291 * g + 0.439 * b),
    clamp(128 + 0.439 * r - 0.368 * g - 0.071 * b),
  ];
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
