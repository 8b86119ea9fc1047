import Testing
@testable import OptaVideo

@Suite struct VideoFormatTests {
    @Test func theExtensionChoosesTheContainer() {
        #expect(VideoFormat(path: "run.mp4") == .mp4)
        #expect(VideoFormat(path: "out/RUN.WebM") == .webm)
        #expect(VideoFormat(path: "a.b/anim.gif") == .gif)
        #expect(VideoFormat(path: "frame.png") == nil)
        #expect(VideoFormat(path: "folder.mp4/name") == nil)
    }

    @Test func mp4IsH264InYuv420pWithEvenSizesAndFaststart() {
        let args = VideoFormat.mp4.ffmpegArguments(width: 161, height: 91, fps: 30, quality: nil, output: "/proc/self/fd/3")
        let line = args.joined(separator: " ")
        #expect(line.contains("-f rawvideo -pix_fmt rgba -s 161x91 -framerate 30 -i pipe:0"))
        #expect(line.contains("-vf pad=ceil(iw/2)*2:ceil(ih/2)*2"))
        #expect(line.contains("-c:v libx264 -pix_fmt yuv420p -crf 18 -movflags +faststart -f mp4"))
        #expect(args.suffix(2) == ["-y", "/proc/self/fd/3"])
    }

    @Test func webmIsVP9AndGifUsesADiffPalette() {
        let webm = VideoFormat.webm.ffmpegArguments(width: 64, height: 64, fps: 29.97, quality: 20, output: "o").joined(separator: " ")
        #expect(webm.contains("-c:v libvpx-vp9") && webm.contains("-crf 20 -b:v 0") && webm.contains("-framerate 29970/1000"))
        let gif = VideoFormat.gif.ffmpegArguments(width: 64, height: 64, fps: 10, quality: nil, output: "o").joined(separator: " ")
        #expect(gif.contains("palettegen=stats_mode=diff") && gif.contains("paletteuse=diff_mode=rectangle") && gif.contains("-f gif"))
    }
}
