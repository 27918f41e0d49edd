import Foundation
import Strata
