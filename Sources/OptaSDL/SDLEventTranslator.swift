import CSDL2
import Foundation
import OptaRuntime

/// Translates SDL events into Opta's `InputEvent`s (window pixels from the top-left, seconds).
struct SDLEventTranslator {
    func translate(_ event: SDL_Event, windowSize: SIMD2<Int>) -> [InputEvent] {
        let time = Double(event.common.timestamp) / 1000
        var shift: Bool { SDL_GetModState().rawValue & KMOD_SHIFT.rawValue != 0 }
        switch SDL_EventType(event.type) {
        case SDL_QUIT:
            return [.key(.q, shift: false, time: time)]
        case SDL_WINDOWEVENT:
            if event.window.event == UInt8(SDL_WINDOWEVENT_SIZE_CHANGED.rawValue) {
                return [.resized(width: Int(event.window.data1), height: Int(event.window.data2))]
            }
            return []
        case SDL_MOUSEBUTTONDOWN:
            guard let button = Self.button(event.button.button) else { return [] }
            return [.pointerDown(button: button, at: SIMD2(Double(event.button.x), Double(event.button.y)), shift: shift, time: time)]
        case SDL_MOUSEBUTTONUP:
            guard let button = Self.button(event.button.button) else { return [] }
            return [.pointerUp(button: button, at: SIMD2(Double(event.button.x), Double(event.button.y)), time: time)]
        case SDL_MOUSEMOTION:
            return [.pointerMoved(to: SIMD2(Double(event.motion.x), Double(event.motion.y)), time: time)]
        case SDL_MOUSEWHEEL:
            var x: Int32 = 0, y: Int32 = 0
            SDL_GetMouseState(&x, &y)
            let delta = event.wheel.preciseY != 0 ? Double(event.wheel.preciseY) : Double(event.wheel.y)
            return [.wheel(delta: delta, at: SIMD2(Double(x), Double(y)), time: time)]
        case SDL_MULTIGESTURE:
            let center = SIMD2(Double(event.mgesture.x) * Double(windowSize.x), Double(event.mgesture.y) * Double(windowSize.y))
            return [.pinch(scaleDelta: Double(event.mgesture.dDist), center: center, time: time)]
        case SDL_KEYDOWN:
            guard let key = Self.key(event.key.keysym.sym) else { return [] }
            let shifted = event.key.keysym.mod & UInt16(KMOD_SHIFT.rawValue) != 0
            return [.key(key, shift: shifted, time: time)]
        default:
            return []
        }
    }

    static func button(_ b: UInt8) -> PointerButton? {
        switch b {
        case CSDL2_BUTTON_LEFT: .left
        case CSDL2_BUTTON_RIGHT: .right
        case CSDL2_BUTTON_MIDDLE: .middle
        default: nil
        }
    }

    static func key(_ code: SDL_Keycode) -> Key? {
        switch code {
        case Int32(SDLK_LEFT.rawValue): .left
        case Int32(SDLK_RIGHT.rawValue): .right
        case Int32(SDLK_UP.rawValue): .up
        case Int32(SDLK_DOWN.rawValue): .down
        case Int32(SDLK_PLUS.rawValue), Int32(SDLK_EQUALS.rawValue), Int32(SDLK_KP_PLUS.rawValue): .plus
        case Int32(SDLK_MINUS.rawValue), Int32(SDLK_KP_MINUS.rawValue): .minus
        case Int32(SDLK_r.rawValue): .r
        case Int32(SDLK_SPACE.rawValue): .space
        case Int32(SDLK_n.rawValue): .n
        case Int32(SDLK_c.rawValue): .c
        case Int32(SDLK_h.rawValue): .h
        case Int32(SDLK_s.rawValue): .s
        case Int32(SDLK_TAB.rawValue): .tab
        case Int32(SDLK_q.rawValue): .q
        case Int32(SDLK_ESCAPE.rawValue): .escape
        case Int32(SDLK_x.rawValue): .x
        case Int32(SDLK_y.rawValue): .y
        case Int32(SDLK_l.rawValue): .l
        case Int32(SDLK_b.rawValue): .b
        case Int32(SDLK_t.rawValue): .t
        case Int32(SDLK_HOME.rawValue): .home
        case Int32(SDLK_END.rawValue): .end
        case Int32(SDLK_LEFTBRACKET.rawValue): .leftBracket
        case Int32(SDLK_RIGHTBRACKET.rawValue): .rightBracket
        case Int32(SDLK_a.rawValue): .a
        default: nil
        }
    }
}
