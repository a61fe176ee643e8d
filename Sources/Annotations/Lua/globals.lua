
class = {}

---A script class: `class.createClass("LabelCell", objc.UICollectionViewCell)`.
---@generic T, S
---@param name `T`
---@param superclass S
---@return T|S
function class.createClass(name, superclass) end

---@generic T
---@param cls T
---@return T
function class.extendClass(cls) end

---A property of a script class: `Class.prop = property()` or `property { get = fn, set = fn }`.
---@param accessors { get: fun(self: any): any, set: fun(self: any, value: any) }?
---@return any
function property(accessors) end

message = {}

---Sends a message to its handlers (`obj:addMessageHandler`).
---@param name string
---@param ... any
function message.post(name, ...) end

---Simulated fingers and time, on the world's virtual clock.
simulate = {}

---@param options { at: CGPoint, taps: integer? }
function simulate.tap(options) end

---@param options { from: CGPoint?, to: CGPoint?, points: CGPoint[]?, steps: integer? }
function simulate.drag(options) end

---@param options { from: CGPoint, to: CGPoint, duration: number? }
function simulate.flick(options) end

---@param options { at: CGPoint, scale: number?, angle: number?, steps: integer? }
function simulate.pinch(options) end

---@param options { at: CGPoint, scale: number?, angle: number?, steps: integer? }
function simulate.rotate(options) end

---@param options { at: CGPoint, duration: number? }
function simulate.longPress(options) end

---@param seconds number
function simulate.advance(seconds) end

---@param count integer
function simulate.frames(count) end

---Types into the first responder, a character a frame ("\n" is the return key).
---@param text string
function simulate.type(text) end

---Presses "backspace" (or "delete") or "return" (or "enter") on the first responder.
---@param name string
function simulate.key(name) end

---Pastes into the first responder as one change.
---@param text string
function simulate.paste(text) end

---@class dispatch_queue_t

---@return dispatch_queue_t
function dispatch_get_main_queue() end

---@param identifier integer
---@param flags integer
---@return dispatch_queue_t
function dispatch_get_global_queue(identifier, flags) end

---Nanoseconds on the virtual clock: `when` (DISPATCH_TIME_NOW) plus `delta`.
---@param when number
---@param delta number
---@return number
function dispatch_time(when, delta) end

---@param queue dispatch_queue_t
---@param block fun()
function dispatch_async(queue, block) end

---@param queue dispatch_queue_t
---@param block fun()
function dispatch_sync(queue, block) end

---@param when number a dispatch_time, or a number of seconds with no queue
---@param queue dispatch_queue_t|fun()
---@param block fun()?
function dispatch_after(when, queue, block) end

DISPATCH_TIME_NOW = 0
DISPATCH_TIME_FOREVER = math.huge
NSEC_PER_SEC = 1000000000
NSEC_PER_MSEC = 1000000
NSEC_PER_USEC = 1000

---A resource of the project, bound to a property or a function so that it is delivered again after each save.
---@param name string
---@param type string
---@return any
---@overload fun(name: string, type: string, callback: fun(value: any)): any
---@overload fun(name: string, type: string, object: NSObject, target: string|fun(object: NSObject, value: any)): any
function getResource(name, type) end

---@param name string
---@param type string
---@param target (string|fun(self: NSObject, value: any))?
---@return any
function NSObject:getResource(name, type, target) end

---The handler is called as handler(self, messageName, ...): the message's name, then what was posted.
---@param messages string|string[]
---@param handler string|fun(self: NSObject, messageName: string, ...: any)
function NSObject:addMessageHandler(messages, handler) end

---@param message string?
function NSObject:removeMessageHandler(message) end

---@param ... string
function NSObject:declareActionMethod(...) end

---@param ... string
function NSObject:publishActionMethod(...) end

---@param ... string
function NSObject:declareProtocol(...) end

---@param ... string
function NSObject:publishObjcProtocols(...) end

---@param ... string
function NSObject:declareSetters(...) end

---@param ... string
function NSObject:declareGetters(...) end

